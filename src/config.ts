/**
 * The service's settings, read from the environment. This is the only module
 * that looks at process.env; everything else receives a Config.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface Config {
  /** TCP port to listen on. */
  port: number;
  /** Interface to bind; 0.0.0.0 serves every interface. */
  host: string;
  /** Where jobs live: the embedded file store under dataDir (one instance), or Redis (several). */
  store: 'file' | 'redis';
  /** Folder of the embedded job store. */
  dataDir: string;
  /** The Redis server of STORE=redis (redis://[user:password@]host:port[/db]); null with the file store. */
  redisUrl: string | null;
  /** With Redis: how long a trace's slot in the cluster gate lasts unless renewed (an instance that died frees it then). */
  gateLeaseSeconds: number;
  /** Lifetime of a job, its files and its idempotency keys. */
  jobTtlSeconds: number;
  /** Jobs processed at once; the spec's service runs one at a time. */
  maxConcurrentJobs: number;
  /** Most CPU time one trace may use; past it the image is refused as too complex for a logo (422). */
  traceDeadlineMs: number;
  /** Longest a request may take to arrive (headers and body); a slower one gets 408 and its connection closes. */
  requestTimeoutSeconds: number;
  /** On SIGTERM, how long in-flight requests may take to finish before their traces are cancelled (503). */
  shutdownGraceSeconds: number;
  /** MCP temporary uploads alive at once (each up to UPLOAD_MAX_BYTES for UPLOAD_TTL_SECONDS); one more gets 429. */
  maxLiveUploads: number;
  /** Public address for absolute URLs (no trailing slash); null derives it from each request. */
  baseUrl: string | null;
  /** Operator's sponsors JSON file; null serves an empty list. */
  sponsorsFile: string | null;
  /** Live visitor counts at GET /api/stats; when false it answers 503. */
  statsEnabled: boolean;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function baseUrl(env: Env): string | null {
  const raw = text(env, 'BASE_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.search || url.hash) throw new ConfigError('BASE_URL must not have a query or fragment');
  return url.href.replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env): Config {
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const sponsorsFile = text(env, 'SPONSORS_FILE');
  const store = text(env, 'STORE') ?? 'file';
  if (store !== 'file' && store !== 'redis') throw new ConfigError(`STORE must be file or redis, got "${store}"`);
  const redisUrl = text(env, 'REDIS_URL') ?? null;
  if (store === 'redis' && !redisUrl)
    throw new ConfigError('STORE=redis needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  return {
    store,
    redisUrl: store === 'redis' ? redisUrl : null,
    gateLeaseSeconds: integer(env, 'GATE_LEASE_SECONDS', 10, 1, 300),
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(text(env, 'DATA_DIR') ?? join(tmpdir(), 'logo-vectorizer-data')),
    jobTtlSeconds: integer(env, 'JOB_TTL_SECONDS', 7200, 1, 30 * 24 * 3600),
    maxConcurrentJobs: integer(env, 'MAX_CONCURRENT_JOBS', 1, 1, 64),
    maxLiveUploads: integer(env, 'MAX_LIVE_UPLOADS', 50, 1, 10_000),
    // The corpus's slowest logo traces in about 0.5 s and the largest image in under 1 s; 1.5 s keeps
    // the gate's worst hold under 2 s.
    traceDeadlineMs: integer(env, 'TRACE_DEADLINE_MS', 1500, 100, 600_000),
    // A 10 MB upload over a slow mobile link (1 Mbit/s) takes about 85 s; a client that trickles slower
    // only holds a connection.
    requestTimeoutSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', 120, 1, 3600),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 600),
    baseUrl: baseUrl(env),
    sponsorsFile: sponsorsFile === undefined ? null : resolve(sponsorsFile),
    statsEnabled: flag(env, 'STATS_ENABLED', true),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    logLevel,
  };
}
