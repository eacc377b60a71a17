/**
 * What every adapter holds to alike about what it keeps: ids and file names of
 * safe shapes only, records that match core's schemas, idempotency keys by
 * their hash, and how long an expired id is remembered.
 */
import { createHash } from 'node:crypto';

import Value from 'typebox/value';

import {
  JobRecordSchema,
  UploadRecordSchema,
  type JobLookup,
  type JobRecord,
  type UploadRecord,
} from '../core/job-store.js';

/** Ids and file names become path segments and key parts: only these shapes may reach the disk or Redis. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SAFE_FILE_NAME = /^[a-z0-9][a-z0-9.-]{0,63}$/;

export const isSafeId = (id: string): boolean => SAFE_ID.test(id);
export const isSafeFileName = (name: string): boolean => SAFE_FILE_NAME.test(name);

/** Refuses an id of another shape: the caller's fault, not the store's (see isUnsafeRefusal). */
export function checkId(id: string, kind: 'job' | 'upload'): void {
  if (!isSafeId(id)) throw new Error(`unsafe ${kind} id ${JSON.stringify(id)}`);
}

export function checkFileName(name: string): void {
  if (!isSafeFileName(name)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
}

/** Whether `error` is one of the refusals above. */
export function isUnsafeRefusal(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('unsafe ');
}

export const isJobRecord = (value: unknown): value is JobRecord => Value.Check(JobRecordSchema, value);
export const isUploadRecord = (value: unknown): value is UploadRecord => Value.Check(UploadRecordSchema, value);

/** A record stored as JSON, or null when `text` is missing, not JSON, or not of the record's shape. */
export function parseRecord<T>(text: string | null, isRecord: (value: unknown) => value is T): T | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** What is known of an id that is not live: it lived once (and expired), or never. */
export type PastState = Exclude<JobLookup, { state: 'live' }>;

/** How long an expired id is still told apart from an unknown one, unless the options say otherwise. */
export const EXPIRED_ID_MEMORY_MS = 7 * 24 * 3600 * 1000;

/** Idempotency keys are stored under their SHA-256 (hex), never as sent. */
export function hashedKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
