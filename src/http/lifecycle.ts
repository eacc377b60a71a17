/**
 * What operators need of every instance: a request id on every log line and
 * echoed in X-Request-Id (a well-formed one from a proxy is kept, so one id
 * follows a request through the load balancer), and a graceful stop. On
 * stop, the server stops listening and requests still arriving on open
 * connections get 503 in the service's format (the health check too, so the
 * load balancer looks elsewhere), while in-flight ones may finish;
 * `abortInFlight` then cancels the traces still running, which answer 503.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { HttpError } from './errors.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What a proxy's id may look like to be kept: short, and safe in a log line and a header. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the proxy's id when well-formed, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Aborts when the server stops and its grace period is over: work still running gives up. */
    stopping: AbortSignal;
    /** Cancels the traces still running (they answer 503); the server entry calls it when the grace is over. */
    abortInFlight: () => void;
  }
}

/** Seconds a client should wait before retrying elsewhere. */
const STOPPING_RETRY_AFTER_SECONDS = 1;

async function lifecycle(app: FastifyInstance): Promise<void> {
  const stop = new AbortController();
  let closing = false;
  app.decorate('stopping', stop.signal);
  app.decorate('abortInFlight', () => {
    stop.abort();
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    if (closing) {
      void reply.header('Connection', 'close');
      throw new HttpError(503, 'The server is stopping; please retry, another instance will answer.', {
        'Retry-After': String(STOPPING_RETRY_AFTER_SECONDS),
      });
    }
  });
}

export default fp(lifecycle, { name: 'lifecycle' });
