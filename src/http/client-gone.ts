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

/** The client went away (mid-request or before its answer): it can no longer read one. */
export function clientLeft(reply: FastifyReply): boolean {
  return (reply.request.raw.destroyed || reply.raw.destroyed) && !reply.raw.writableFinished;
}
