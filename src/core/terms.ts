/**
 * The service's terms as a person reads them ("jobs last two hours", "one job
 * at a time", "10 MB"), built from the configured values, so changing a
 * setting changes every message that states it.
 */
import { UPLOAD_MAX_BYTES } from './limits.js';

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "one hour", "two hours", "15 minutes": small counts in words, as prose writes them. */
export function counted(count: number, unit: string): string {
  return `${WORDS[count] ?? String(count)} ${unit}${count === 1 ? '' : 's'}`;
}

const UNITS: readonly [string, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** A duration in the largest unit that states it exactly: 7200 -> "two hours", 5400 -> "90 minutes". */
export function spokenDuration(seconds: number): string {
  const unit = UNITS.find(([, size]) => seconds >= size && seconds % size === 0);
  return unit ? counted(seconds / unit[1], unit[0]) : counted(seconds, 'second');
}

/** A byte size in the units people upload in: 10485760 -> "10 MB". */
export function spokenBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / 1024)} KB`;
}

export interface TermSettings {
  jobTtlSeconds: number;
  maxConcurrentJobs: number;
  uploadTtlSeconds: number;
}

export interface ServiceTerms {
  /** "two hours" */
  jobLifetime: string;
  /** "one job at a time" */
  concurrency: string;
  /** "15 minutes" */
  uploadLifetime: string;
  /** "10 MB" */
  uploadLimit: string;
}

export function serviceTerms(settings: TermSettings): ServiceTerms {
  return {
    jobLifetime: spokenDuration(settings.jobTtlSeconds),
    concurrency: `${counted(settings.maxConcurrentJobs, 'job')} at a time`,
    uploadLifetime: spokenDuration(settings.uploadTtlSeconds),
    uploadLimit: spokenBytes(UPLOAD_MAX_BYTES),
  };
}
