/**
 * The job store's port: job records, their files, MCP uploads and idempotency
 * records, each with an expiry. Every method is async and every record carries its own expiry
 * time, so an adapter over Redis (keys with TTLs, SET NX for claims) can
 * implement it as well as the embedded file store.
 */
import { Type, type Static } from 'typebox';

import { DEFAULT_SETTINGS, TRACE_SETTING_SCHEMAS, type TraceSettings } from './settings.js';

/** A record's trace settings; `palette` is absent from records written before brand colors (none). */
const StoredSettingsSchema = Type.Object({
  ...TRACE_SETTING_SCHEMAS,
  palette: Type.Optional(TRACE_SETTING_SCHEMAS.palette),
});

/** The settings a record was traced with, complete. */
export function recordSettings(record: { settings: Static<typeof StoredSettingsSchema> }): TraceSettings {
  return { ...DEFAULT_SETTINGS, ...record.settings };
}

export const JobRecordSchema = Type.Object({
  id: Type.String(),
  /**
   * How the job was made: an upload, the sandbox sample, hiding colors of another job, or (for a
   * revision) through the hosted MCP server or the editor endpoints.
   */
  origin: Type.Union([
    Type.Literal('upload'),
    Type.Literal('sample'),
    Type.Literal('visibility'),
    Type.Literal('revision'),
  ]),
  /** Epoch milliseconds. */
  createdAt: Type.Number(),
  /** Epoch milliseconds; from then on the job and its files are gone. */
  expiresAt: Type.Number(),
  width: Type.Integer(),
  height: Type.Integer(),
  /**
   * Where the SVG's top-left corner sits in the source image, in its pixels
   * (trim crops the margin away). Absent from records written before it was kept.
   */
  sourceOffset: Type.Optional(Type.Object({ x: Type.Integer(), y: Type.Integer() })),
  /** '#rrggbb' colors of the SVG (flat fills and gradients' stops), largest area first. */
  palette: Type.Array(Type.String()),
  /** Each gradient of the SVG: its stop colors in order. Absent from records written before gradients (none). */
  gradients: Type.Optional(Type.Array(Type.Array(Type.String()))),
  /** Size of logo.svg in bytes. */
  svgBytes: Type.Integer(),
  warning: Type.String(),
  /** The job the colors were hidden from (visibility jobs), or the revision a revision was made from. */
  originalId: Type.Union([Type.String(), Type.Null()]),
  /** Colors of the original trace that this job's SVG leaves out. */
  hiddenColors: Type.Array(Type.String()),
  settings: StoredSettingsSchema,
  /** The client's upload_session_id (counted, hashed, in the day's stats; never returned); empty when none was sent. */
  uploadSessionId: Type.String(),
  /** Revisions only: what the editor needs beyond a job's fields. */
  revision: Type.Optional(
    Type.Object({
      /** Every color of the trace, largest area first: those the editor may hide or show. */
      tracedPalette: Type.Array(Type.String()),
      /** Every gradient of the trace (absent, as none, from records written before gradients). */
      tracedGradients: Type.Optional(Type.Array(Type.Array(Type.String()))),
      /** The engine's own notes on the trace, without notes about hidden colors. */
      traceWarning: Type.String(),
    }),
  ),
});
export type JobRecord = Static<typeof JobRecordSchema>;

export type JobLookup =
  | { state: 'live'; job: JobRecord }
  /** Known token whose lifetime is over (remembered for a while after deletion). */
  | { state: 'expired' }
  | { state: 'unknown' };

/**
 * What a store keeps of a completed request under its key (the HTTP adapter's Idempotency-Key): opaque to
 * the store but for the parameters' fingerprint and the expiry. The adapter that keeps it says what else it
 * holds (http/idempotency.ts: the status, content type and body to replay) and checks it when read back.
 */
export interface KeptResponse {
  /** Hash of the method, route and parameters of the first request. */
  fingerprint: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export type IdempotencyClaim =
  /** The caller owns the key now: it runs the request, then completes or releases the key. */
  | { state: 'claimed' }
  /** Another request holds the key and is still running. */
  | { state: 'in-flight'; fingerprint: string }
  /** A request with this key already succeeded: what it kept, as it was stored. */
  | { state: 'completed'; record: KeptResponse };

/** An image kept for the MCP server's vectorize_logo tool (POST /api/mcp/uploads). */
export const UploadRecordSchema = Type.Object({
  id: Type.String(),
  /** Epoch milliseconds. */
  createdAt: Type.Number(),
  /** Epoch milliseconds; from then on the upload is gone. */
  expiresAt: Type.Number(),
  bytes: Type.Integer(),
  sha256: Type.String(),
  format: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type UploadRecord = Static<typeof UploadRecordSchema>;

export type UploadLookup =
  { state: 'live'; upload: UploadRecord; image: Buffer } | { state: 'expired' } | { state: 'unknown' };

export type UploadAdmission =
  | { stored: true }
  /** `limit` uploads are live; the earliest of them expires at `nextExpiryAt` (epoch milliseconds). */
  | { stored: false; nextExpiryAt: number };

/** Jobs and their files: the job and revision services' port. */
export interface JobFiles {
  /** Stores a new job with its files (name -> bytes); the job becomes visible once all are written. */
  createJob(job: JobRecord, files: Readonly<Record<string, Buffer>>): Promise<void>;
  getJob(id: string): Promise<JobLookup>;
  /** A file of a live job, or null when the job or the file does not exist. */
  readFile(id: string, name: string): Promise<Buffer | null>;
  /** Adds a file (a cached rendering) to a live job; ignored when the job is gone. */
  writeFile(id: string, name: string, bytes: Buffer): Promise<void>;
  /**
   * Adds a file unless the job has one of that name already, atomically: of
   * two concurrent calls one wins. Returns the file's content as it now is
   * (either caller's bytes), or null when the job is gone.
   */
  addFileOnce(id: string, name: string, bytes: Buffer): Promise<Buffer | null>;
  /** How many jobs (revisions included) are live now, for the operators' metrics. */
  countLiveJobs(): Promise<number>;
}

/** The MCP server's uploads: the upload service's port. */
export interface UploadStore {
  /** Stores an upload unless `limit` uploads are live already; the check and the insert are atomic. */
  createUpload(upload: UploadRecord, image: Buffer, limit: number): Promise<UploadAdmission>;
  getUpload(id: string): Promise<UploadLookup>;
}

/** Keys of requests that must run once (the HTTP adapter's Idempotency-Key), with what they kept. */
export interface RequestKeys {
  /** Atomically claims `key` unless another request holds it or completed it. A claim lapses after leaseMs. */
  claimIdempotencyKey(key: string, fingerprint: string, leaseMs: number): Promise<IdempotencyClaim>;
  /** Extends the claim of `key` by leaseMs while it is still this fingerprint's; false when it is not. */
  renewIdempotencyClaim(key: string, fingerprint: string, leaseMs: number): Promise<boolean>;
  /** Stores what the claimed key's request kept (all of it, as JSON) until record.expiresAt. */
  completeIdempotencyKey(key: string, record: KeptResponse): Promise<void>;
  /** Gives up a claim without storing anything (the request failed). */
  releaseIdempotencyKey(key: string): Promise<void>;
}

/** A store adapter as a whole (the file store, Redis): each service takes only the part it uses. */
export interface JobStore extends JobFiles, UploadStore, RequestKeys {
  /** Resolves while the store can be used; rejects with STORAGE_UNAVAILABLE when it cannot be reached. */
  ping(): Promise<void>;
  /** Deletes expired jobs with their files, expired uploads, and expired kept responses. */
  sweepExpired(): Promise<{ jobs: number; uploads: number; idempotencyKeys: number }>;
  close(): Promise<void>;
}
