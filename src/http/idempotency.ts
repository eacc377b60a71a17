/**
 * Idempotency-Key on write operations (route config `idempotency`):
 *  - the key must be 1..255 printable ASCII, else 400 (checked before the body is read);
 *  - the fingerprint is method, route, path and query parameters and the validated body, in
 *    canonical JSON; for uploads the body holds the file's sha256, so the multipart
 *    boundary never matters;
 *  - a stored success with the same fingerprint is replayed with Idempotent-Replayed: true,
 *    another fingerprint is 422, a request still running with the key is 409;
 *  - only 200 responses are stored, and only until the job they created expires (an MCP
 *    upload's route sets its shorter lifetime in `replayForSeconds`).
 * Routes in 'validate-only' mode check the header and store nothing.
 */
import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { KeptResponse, RequestKeys } from '../core/job-store.js';
import { IDEMPOTENCY_KEY_MAX_CHARS, IN_FLIGHT_RETRY_AFTER_SECONDS } from '../core/limits.js';
import { HttpError } from './errors.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAY_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = new RegExp(`^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_CHARS}}$`);
/**
 * A claim is a short lease, renewed while its request runs: an instance that dies mid-request
 * leaves the key locked for at most this long.
 */
const CLAIM_LEASE_MS = 30_000;
const CLAIM_RENEW_EVERY_MS = CLAIM_LEASE_MS / 3;

/** A successful response kept for replay under its Idempotency-Key: this adapter's record in the store. */
interface KeptReply extends KeptResponse {
  statusCode: number;
  contentType: string;
  /** No later than the expiry of the job the response created. */
  expiresAt: number;
  body: string;
}

/** What the store gave back, as this adapter wrote it; undefined for anything else. */
function keptReply(record: KeptResponse): KeptReply | undefined {
  const { statusCode, contentType, body } = record as Partial<KeptReply>;
  const whole = typeof statusCode === 'number' && typeof contentType === 'string' && typeof body === 'string';
  return whole ? (record as KeptReply) : undefined;
}

const claimedKey = Symbol('claimedIdempotencyKey');

declare module 'fastify' {
  interface FastifyRequest {
    [claimedKey]?: {
      key: string;
      fingerprint: string;
      claimedAt: number;
      settled: boolean;
      renewal: NodeJS.Timeout;
    };
  }
}

/** JSON with object keys sorted, so equal values give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function fingerprintOf(request: FastifyRequest): string {
  const parameters = canonicalJson({
    method: request.method,
    route: request.routeOptions.url,
    path: request.params,
    query: request.query,
    body: request.body,
  });
  return createHash('sha256').update(parameters).digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value.join(', ') : value;
}

async function idempotency(app: FastifyInstance): Promise<void> {
  const store: RequestKeys = app.store;
  const { jobTtlSeconds } = app.config;

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.idempotency) return;
    const key = keyOf(request);
    if (key !== undefined && !KEY_PATTERN.test(key)) {
      throw new HttpError(
        400,
        `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_CHARS} printable ASCII characters.`,
      );
    }
  });

  // After validation, so the fingerprint sees normalised parameters (coerced types, defaults).
  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (request.routeOptions.config.idempotency !== 'replay' || key === undefined) return;
    const fingerprint = fingerprintOf(request);
    const claim = await store.claimIdempotencyKey(key, fingerprint, CLAIM_LEASE_MS);
    if (claim.state === 'claimed') {
      const renewal = setInterval(() => {
        store.renewIdempotencyClaim(key, fingerprint, CLAIM_LEASE_MS).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not renew an Idempotency-Key claim');
        });
      }, CLAIM_RENEW_EVERY_MS).unref();
      request[claimedKey] = { key, fingerprint, claimedAt: Date.now(), settled: false, renewal };
      return;
    }
    const earlier = claim.state === 'completed' ? claim.record.fingerprint : claim.fingerprint;
    if (earlier !== fingerprint) {
      throw new HttpError(
        422,
        `This ${IDEMPOTENCY_HEADER} was already used with other parameters; use a new key for a different request.`,
      );
    }
    if (claim.state === 'in-flight') {
      throw new HttpError(409, `A request with this ${IDEMPOTENCY_HEADER} is still running; retry shortly.`, {
        'Retry-After': String(IN_FLIGHT_RETRY_AFTER_SECONDS),
      });
    }
    const record = keptReply(claim.record);
    if (!record) throw new Error(`the stored response of this ${IDEMPOTENCY_HEADER} is not one this server wrote`);
    return reply.code(record.statusCode).type(record.contentType).header(REPLAY_HEADER, 'true').send(record.body);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const claim = request[claimedKey];
    if (!claim || claim.settled || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    settle(claim);
    try {
      const kept: KeptReply = {
        fingerprint: claim.fingerprint,
        statusCode: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body: payload,
        // The result was created after the claim, so the key never outlives it.
        expiresAt: claim.claimedAt + (request.routeOptions.config.replayForSeconds ?? jobTtlSeconds) * 1000,
      };
      await store.completeIdempotencyKey(claim.key, kept);
    } catch (error) {
      // The result is stored and answered; only its replay is lost, so a retry with this key runs again.
      request.log.error({ err: error }, 'could not store the response of an Idempotency-Key');
      await release(request, claim.key);
    }
    return payload;
  });

  /** Gives the key up when the request failed, or its client left before the answer. */
  async function giveUp(request: FastifyRequest): Promise<void> {
    const claim = request[claimedKey];
    if (!claim || claim.settled) return;
    settle(claim);
    await release(request, claim.key);
  }
  app.addHook('onResponse', giveUp);
  app.addHook('onRequestAbort', giveUp);

  /** A claim that cannot be released lapses with its lease. */
  async function release(request: FastifyRequest, key: string): Promise<void> {
    await store.releaseIdempotencyKey(key).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not release an Idempotency-Key claim');
    });
  }
}

/** The request is done with its claim: no more renewals. */
function settle(claim: NonNullable<FastifyRequest[typeof claimedKey]>): void {
  claim.settled = true;
  clearInterval(claim.renewal);
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['services'] });
