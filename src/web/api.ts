/**
 * The page's client of the public REST API: the same requests any client
 * makes, nothing private. Every failure becomes an ApiError that keeps the
 * status, the service's detail and Retry-After.
 */

import type { TraceSettingValues } from '../core/setting-values.js';

/** The trace settings as the page sends them. */
export type TraceSettings = TraceSettingValues;

/** A job result (upload, sample or hide-colors). */
export interface Job {
  id: string;
  svg: string;
  palette: string[];
  /** Each gradient's stop colors (also in palette); a gradient is hidden with any of them. */
  gradients: string[][];
  bytes: number;
  width: number;
  height: number;
  source_offset?: { x: number; y: number };
  warning?: string;
  original_id?: string | null;
  hidden_colors?: string[];
}

export interface Limits {
  upload_max_bytes: number;
  image_formats: string[];
  image_min_side_px: number;
  image_max_side_px: number;
  image_max_megapixels: number;
  job_lifetime_seconds: number;
  hidden_colors_max: number;
  kit_name_max_chars: number;
}

export interface ServiceIndex {
  name: string;
  documentation: string;
  openapi: string;
  mcp: string;
  limits: Limits;
}

export interface Sponsor {
  id: string;
  name: string;
  url: string;
  description: string;
  logo: string;
}

export interface Stats {
  visitors: { last_5_minutes: number; today: number };
}

interface ValidationProblem {
  loc: (string | number)[];
  msg: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the service could not be reached. */
    readonly status: number,
    message: string,
    /** Seconds from Retry-After, when the answer had one. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The service's `detail`, as one sentence a person can read. */
function detailText(body: unknown, fallback: string): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return (detail as ValidationProblem[])
      .map((problem) => `${problem.loc.slice(1).join('.')}: ${problem.msg}`)
      .join('; ');
  }
  return fallback;
}

function retryAfterOf(header: string | null): number | undefined {
  const seconds = Number(header);
  return header !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  return new ApiError(
    response.status,
    detailText(body, `${response.status} ${response.statusText}`),
    retryAfterOf(response.headers.get('Retry-After')),
  );
}

async function send(path: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'The service could not be reached. Check your connection and try again.');
  }
  if (!response.ok) throw await failure(response);
  return response;
}

async function getJson<T>(path: string): Promise<T> {
  return (await send(path)).json() as Promise<T>;
}

async function postJson(path: string, body: unknown): Promise<Response> {
  return send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

export type UploadPhase = { phase: 'uploading'; fraction: number } | { phase: 'tracing' };

/**
 * POST /api/vectorize. XMLHttpRequest rather than fetch: only it reports
 * upload progress; once the last byte is sent the service is tracing.
 */
export function vectorize(
  file: Blob,
  settings: TraceSettings,
  uploadSessionId: string,
  onPhase: (phase: UploadPhase) => void,
): Promise<Job> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'logo');
  form.append('colors', String(settings.colors));
  form.append('smoothing', String(settings.smoothing));
  form.append('transparent', String(settings.transparent));
  form.append('trim', String(settings.trim));
  if (settings.palette.length > 0) form.append('palette', settings.palette.join(','));
  form.append('upload_session_id', uploadSessionId);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/vectorize');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onPhase({ phase: 'uploading', fraction: event.loaded / event.total });
    };
    request.upload.onload = () => {
      onPhase({ phase: 'tracing' });
    };
    request.onload = () => {
      if (request.status === 200) {
        resolve(request.response as Job);
        return;
      }
      reject(
        new ApiError(
          request.status,
          detailText(request.response, `${request.status} ${request.statusText}`),
          retryAfterOf(request.getResponseHeader('Retry-After')),
        ),
      );
    };
    request.onerror = () => {
      reject(new ApiError(0, 'The service could not be reached. Check your connection and try again.'));
    };
    onPhase({ phase: 'uploading', fraction: 0 });
    request.send(form);
  });
}

/** POST /api/sample: the built-in logo, traced like an upload. */
export async function sample(trim: boolean): Promise<Job> {
  const response = await send('/api/sample', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ trim: String(trim) }),
  });
  return response.json() as Promise<Job>;
}

/** GET /api/sample.png: the image POST /api/sample traces, kept so the page can compare and re-trace it. */
export async function sampleImage(): Promise<File> {
  const blob = await (await send('/api/sample.png')).blob();
  return new File([blob], 'sample-logo.png', { type: 'image/png' });
}

/** POST /api/jobs/{token}/visibility: a new job without these colors. */
export async function hideColors(token: string, hidden: string[]): Promise<Job> {
  return (
    await postJson(`/api/jobs/${encodeURIComponent(token)}/visibility`, { hidden_colors: hidden })
  ).json() as Promise<Job>;
}

export async function svgText(job: Job): Promise<string> {
  return (await send(job.svg)).text();
}

export interface BrandKit {
  zip: Blob;
  /** The file name the service gives it (Content-Disposition). */
  fileName: string;
}

/** The filename* (RFC 5987) or plain filename of a Content-Disposition header. */
function dispositionName(header: string | null): string | undefined {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1];
}

/** POST /api/jobs/{token}/kit: the brand-kit ZIP. */
export async function brandKit(token: string, name: string, backgroundColor: string): Promise<BrandKit> {
  const response = await postJson(`/api/jobs/${encodeURIComponent(token)}/kit`, {
    name,
    background_color: backgroundColor,
  });
  return {
    zip: await response.blob(),
    fileName: dispositionName(response.headers.get('Content-Disposition')) ?? 'brand-kit.zip',
  };
}

export const serviceIndex = () => getJson<ServiceIndex>('/api');
export const sponsors = () => getJson<{ current: Sponsor[] }>('/api/sponsors');
export const stats = () => getJson<Stats>('/api/stats');

export const jobFile = {
  svgDownload: (job: Job) => `${job.svg}?download=true`,
  printDownload: (job: Job, format: 'pdf' | 'eps') =>
    `/api/jobs/${encodeURIComponent(job.id)}/logo.${format}?download=true`,
  preview: (job: Job) => `/api/jobs/${encodeURIComponent(job.id)}/preview.png`,
  mockup: (job: Job, kind: 'cap' | 'tshirt') => `/api/jobs/${encodeURIComponent(job.id)}/mockup/${kind}.png`,
};
