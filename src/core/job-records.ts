/**
 * Job records over the store, shared by the job service and the revision
 * service: creating a job with its SVG and other files, finding a live one,
 * reading its files, and keeping renderings of its SVG with them.
 */
import { isServiceError, jobExpired, jobNotFound } from './errors.js';
import { isWellFormedToken, newToken } from './tokens.js';
import type { JobFiles, JobRecord } from './job-store.js';

export const SVG_FILE = 'logo.svg';

export interface JobRecordsOptions {
  store: JobFiles;
  /** Lifetime of every job from its creation. */
  ttlSeconds: number;
  now: () => number;
}

/** What a new job is made of; the id, times and SVG size are filled in. */
export type NewJob = Omit<JobRecord, 'id' | 'createdAt' | 'expiresAt' | 'svgBytes'>;

export interface JobRecords {
  /** Stores a new job with its SVG and any other files (name -> bytes). */
  create: (fields: NewJob, svg: string, files?: Readonly<Record<string, Buffer>>) => Promise<JobRecord>;
  /** The live job, or JOB_NOT_FOUND / JOB_EXPIRED. */
  get: (id: string) => Promise<JobRecord>;
  /** A file of the job, or JOB_EXPIRED when the job expired between lookup and read. */
  file: (job: JobRecord, name: string) => Promise<Buffer>;
  svgText: (job: JobRecord) => Promise<string>;
  /**
   * A rendering of the job's SVG kept with its files as `name`, made on first request; requests that
   * arrive while it is being made share that one rendering.
   */
  rendering: (job: JobRecord, name: string, render: (svg: string) => Promise<Buffer>) => Promise<Buffer>;
}

export function jobRecords({ store, ttlSeconds, now }: JobRecordsOptions): JobRecords {
  async function file(job: JobRecord, name: string): Promise<Buffer> {
    const bytes = await store.readFile(job.id, name);
    if (!bytes) throw jobExpired(job.id);
    return bytes;
  }

  async function svgText(job: JobRecord): Promise<string> {
    return (await file(job, SVG_FILE)).toString('utf8');
  }

  const inFlight = new Map<string, Promise<Buffer>>();

  async function renderAndKeep(job: JobRecord, name: string, render: (svg: string) => Promise<Buffer>) {
    const bytes = await render(await svgText(job));
    try {
      await store.writeFile(job.id, name, bytes);
    } catch (error) {
      // A full or read-only disk only loses the cache: the rendering is served, and made again next time.
      if (!isServiceError(error, 'STORAGE_UNAVAILABLE')) throw error;
    }
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
      if (!isWellFormedToken(id)) throw jobNotFound(id);
      const lookup = await store.getJob(id);
      if (lookup.state === 'live') return lookup.job;
      throw lookup.state === 'expired' ? jobExpired(id) : jobNotFound(id);
    },

    file,
    svgText,

    async rendering(job, name, render) {
      const cached = await store.readFile(job.id, name);
      if (cached) return cached;
      const key = `${job.id}/${name}`;
      // Readers of a new job's mockup arrive together; rendering it once each would queue seconds of work.
      const pending = inFlight.get(key) ?? renderAndKeep(job, name, render).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
      return pending;
    },
  };
}
