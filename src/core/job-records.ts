/**
 * Job records over the store, shared by the job service and the revision
 * service: creating a job with its SVG and other files, finding a live one,
 * and reading its files.
 */
import { JobExpiredError, JobNotFoundError } from './errors.js';
import { isWellFormedToken, newToken } from './tokens.js';
import type { JobRecord, JobStore } from '../store/store.js';

export const SVG_FILE = 'logo.svg';

export interface JobRecordsOptions {
  store: JobStore;
  /** Lifetime of every job from its creation. */
  ttlSeconds: number;
  now: () => number;
}

/** What a new job is made of; the id, times and SVG size are filled in. */
export type NewJob = Omit<JobRecord, 'id' | 'createdAt' | 'expiresAt' | 'svgBytes'>;

export interface JobRecords {
  /** Stores a new job with its SVG and any other files (name -> bytes). */
  create(fields: NewJob, svg: string, files?: Readonly<Record<string, Buffer>>): Promise<JobRecord>;
  /** The live job, or JobNotFoundError / JobExpiredError. */
  get(id: string): Promise<JobRecord>;
  /** A file of the job, or JobExpiredError when the job expired between lookup and read. */
  file(job: JobRecord, name: string): Promise<Buffer>;
  svgText(job: JobRecord): Promise<string>;
}

export function jobRecords({ store, ttlSeconds, now }: JobRecordsOptions): JobRecords {
  async function file(job: JobRecord, name: string): Promise<Buffer> {
    const bytes = await store.readFile(job.id, name);
    if (!bytes) throw new JobExpiredError(job.id);
    return bytes;
  }

  return {
    async create(fields, svg, files = {}) {
      const createdAt = now();
      const bytes = Buffer.from(svg);
      const job: JobRecord = {
        id: newToken(),
        createdAt,
        expiresAt: createdAt + ttlSeconds * 1000,
        svgBytes: bytes.length,
        ...fields,
      };
      await store.createJob(job, { ...files, [SVG_FILE]: bytes });
      return job;
    },

    async get(id) {
      if (!isWellFormedToken(id)) throw new JobNotFoundError(id);
      const lookup = await store.getJob(id);
      if (lookup.state === 'live') return lookup.job;
      throw lookup.state === 'expired' ? new JobExpiredError(id) : new JobNotFoundError(id);
    },

    file,

    async svgText(job) {
      return (await file(job, SVG_FILE)).toString('utf8');
    },
  };
}
