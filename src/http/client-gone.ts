/** Noticing a client that went away before its answer, so its work can stop. */
import type { FastifyReply } from 'fastify';

/** Aborts when the connection closes before the reply was sent. */
export function abortedWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The client can no longer read an answer. */
export function clientLeft(reply: FastifyReply): boolean {
  return reply.raw.destroyed && !reply.raw.writableFinished;
}
