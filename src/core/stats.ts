/**
 * Live visitor counts. A visitor is a salted hash of the client address; the
 * salt is random, kept only in memory and replaced at each UTC midnight, so
 * addresses are never stored and hashes cannot be linked across days. Counts
 * therefore start again at midnight, the 5-minute window included. Uploads
 * are counted too, with the distinct upload sessions (a client's
 * upload_session_id, hashed the same way) they came from.
 */
import { createHash, randomBytes } from 'node:crypto';

const WINDOW_MS = 5 * 60 * 1000;

export interface VisitorStatsOptions {
  now?: () => number;
  /** Distinct visitors remembered per day; later new visitors are not counted, to bound memory. */
  maxVisitorsPerDay?: number;
}

export interface StatsSnapshot {
  /** UTC day the daily counts belong to, YYYY-MM-DD. */
  day: string;
  visitorsLast5Minutes: number;
  visitorsToday: number;
  requestsToday: number;
  requestsSinceStart: number;
  uploadsToday: number;
  /** Distinct non-empty upload_session_id values sent with today's uploads. */
  uploadSessionsToday: number;
  /** When the counting process started (ISO 8601). */
  since: string;
}

/**
 * The port: counting is fire-and-forget (a request never waits for it), reading is async, so
 * counts shared by several instances (in Redis) implement it as well as this process's own.
 */
export interface VisitorStats {
  /** Counts one served request from this client address. */
  record(clientAddress: string): void;
  /** Counts one upload, and its session when the client sent one. */
  recordUpload(uploadSessionId: string): void;
  snapshot(): Promise<StatsSnapshot>;
}

/** The length of the "last 5 minutes" window. */
export const RECENT_WINDOW_MS = WINDOW_MS;

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function createVisitorStats(options: VisitorStatsOptions = {}): VisitorStats {
  const now = options.now ?? Date.now;
  const maxVisitors = options.maxVisitorsPerDay ?? 200_000;
  const since = new Date(now()).toISOString();
  let requestsSinceStart = 0;
  let day = '';
  let salt = Buffer.alloc(0);
  let requestsToday = 0;
  /** Anonymised visitor -> last time seen (ms). */
  let lastSeen = new Map<string, number>();
  let uploadsToday = 0;
  let uploadSessions = new Set<string>();

  function rollOver(at: number): void {
    const today = utcDay(at);
    if (today === day) return;
    day = today;
    salt = randomBytes(16);
    requestsToday = 0;
    lastSeen = new Map();
    uploadsToday = 0;
    uploadSessions = new Set();
  }

  function anonymise(clientAddress: string): string {
    return createHash('sha256').update(salt).update(clientAddress).digest('base64url').slice(0, 22);
  }

  return {
    record(clientAddress) {
      const at = now();
      rollOver(at);
      requestsSinceStart += 1;
      requestsToday += 1;
      const visitor = anonymise(clientAddress);
      if (lastSeen.has(visitor) || lastSeen.size < maxVisitors) lastSeen.set(visitor, at);
    },
    recordUpload(uploadSessionId) {
      rollOver(now());
      uploadsToday += 1;
      if (uploadSessionId !== '' && uploadSessions.size < maxVisitors) uploadSessions.add(anonymise(uploadSessionId));
    },
    async snapshot() {
      const at = now();
      rollOver(at);
      let recent = 0;
      for (const seen of lastSeen.values()) if (at - seen < WINDOW_MS) recent += 1;
      return {
        day,
        visitorsLast5Minutes: recent,
        visitorsToday: lastSeen.size,
        requestsToday,
        requestsSinceStart,
        uploadsToday,
        uploadSessionsToday: uploadSessions.size,
        since,
      };
    },
  };
}
