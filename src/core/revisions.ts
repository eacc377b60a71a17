/**
 * Revisions: the jobs the hosted MCP server makes and the editor endpoints
 * change. Every change makes a new revision and leaves its source as it was.
 * Beyond a job's files a revision keeps its source image (so new settings can
 * re-trace it after the upload is gone) and its full trace (so hidden colors
 * can be restored), and later its review token and exported brand kit.
 *
 * Like the job service it owns no HTTP or MCP concerns, and callers decide
 * which operations go through the gate.
 */
import { timingSafeEqual } from 'node:crypto';

import type { BrandKitRequest } from './brand-kit/index.js';
import { jobExpired, notARevision, reviewRequired } from './errors.js';
import { jobRecords } from './job-records.js';
import { EXPORTED_KIT_FILE, type JobService } from './jobs.js';
import type { Tracer } from './tracer.js';
import { withChanges, type SettingChanges, type TraceSettings } from './settings.js';
import type { Rasterize } from './raster.js';
import { renderReviewSheet } from './review-sheet.js';
import { colorsToHide, visibleAfterHiding, withoutColors, type SvgColors } from './svg-edit.js';
import { newToken } from './tokens.js';
import { recordSettings, type JobFiles, type JobRecord } from './job-store.js';

/** A job made as a revision, with its revision fields. */
type Revision = JobRecord & { revision: NonNullable<JobRecord['revision']> };

const SOURCE_IMAGE_FILE = 'source-image';
const TRACED_SVG_FILE = 'traced.svg';
const REVIEW_TOKEN_FILE = 'review-token';
const EXPORT_INFO_FILE = 'brand-kit.json';
const REVIEW_SHEET_FILE = 'review-sheet.png';

export interface RevisionServiceOptions {
  store: JobFiles;
  /** Builds brand kits (the same kit POST /api/jobs/{token}/kit returns). */
  jobs: Pick<JobService, 'kitZip'>;
  /** Lifetime of every revision from its creation. */
  ttlSeconds: number;
  /** The engine, bounded by the service's deadline. */
  trace: Tracer;
  /** Draws the review sheets; the app shares one with the job service. */
  rasterize: Rasterize;
  now?: () => number;
}

/** A brand kit exported with export_brand_kit, as GET /api/jobs/{token}/brand-kit.zip serves it. */
export interface ExportedKit {
  name: string;
  backgroundColor: string;
  bytes: number;
  /** Epoch milliseconds. */
  exportedAt: number;
}

export interface RevisionService {
  /** Traces an image into a new revision. Throws a ServiceError with an image code for unusable images. */
  create(image: Buffer, settings: TraceSettings): Promise<JobRecord>;
  /** The live revision; NOT_A_REVISION for a job made otherwise. */
  get(id: string): Promise<JobRecord>;
  /** Re-traces the source image with `changes` applied into a new revision. */
  updateSettings(id: string, changes: SettingChanges): Promise<JobRecord>;
  /** A new revision hiding exactly `hidden` (restoring every other color); nothing is re-traced. */
  setHiddenColors(id: string, hidden: readonly string[]): Promise<JobRecord>;
  /** The review sheet PNG of the revision (see review-sheet.ts), rendered once. */
  reviewSheet(id: string): Promise<Buffer>;
  /** The review token of exactly this revision (the same one on every call). */
  review(id: string): Promise<string>;
  /** The revision, or REVIEW_REQUIRED unless `reviewToken` is the one review() gave for it. */
  checkReviewToken(id: string, reviewToken: string): Promise<JobRecord>;
  /** Builds the brand kit and stores it as the revision's brand-kit.zip; needs the revision's review token. */
  exportKit(id: string, reviewToken: string, request: BrandKitRequest): Promise<ExportedKit>;
  /** What was exported, or null before export_brand_kit. */
  exportedKit(id: string): Promise<ExportedKit | null>;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createRevisionService(options: RevisionServiceOptions): RevisionService {
  const { store, jobs, rasterize } = options;
  const { trace } = options;
  const now = options.now ?? Date.now;
  const records = jobRecords({ store, ttlSeconds: options.ttlSeconds, now });

  async function get(id: string): Promise<Revision> {
    const job = await records.get(id);
    if (job.origin !== 'revision' || !job.revision) throw notARevision(id);
    return { ...job, revision: job.revision };
  }

  /** A new revision of `image` traced with `settings`, hiding the requested colors that the trace still has. */
  async function traced(image: Buffer, settings: TraceSettings, parent: JobRecord | null): Promise<JobRecord> {
    const result = await trace(image, settings);
    const wanted = parent?.hiddenColors ?? [];
    const kept = wanted.filter((c) => result.palette.includes(c));
    const gone = wanted.filter((c) => !result.palette.includes(c));
    const hidingKept = withoutColors(result.svg, result, new Set(kept));
    const showsSome = hidingKept.palette.length > 0;
    const hidden = showsSome ? kept : [];
    const shown = showsSome ? hidingKept : withoutColors(result.svg, result, new Set());
    const notes = [
      gone.length > 0 ? `hidden color(s) ${gone.join(', ')} are not in the new trace` : '',
      kept.length > 0 && hidden.length === 0
        ? `hiding ${kept.join(', ')} again would leave nothing visible, so every color is shown`
        : '',
    ];
    const traceWarning = result.warning;
    return records.create(
      {
        origin: 'revision',
        width: result.width,
        height: result.height,
        sourceOffset: result.sourceOffset,
        palette: shown.palette,
        gradients: shown.gradients,
        warning: [traceWarning, ...notes].filter(Boolean).join('; '),
        originalId: parent?.id ?? null,
        hiddenColors: hidden,
        settings,
        uploadSessionId: '',
        revision: { tracedPalette: result.palette, tracedGradients: result.gradients, traceWarning },
      },
      shown.svg,
      { [SOURCE_IMAGE_FILE]: image, [TRACED_SVG_FILE]: Buffer.from(result.svg) },
    );
  }

  async function checkReviewToken(id: string, reviewToken: string): Promise<JobRecord> {
    const revision = await get(id);
    const expected = await store.readFile(revision.id, REVIEW_TOKEN_FILE);
    if (!expected) {
      throw reviewRequired(`Revision ${id} has not been reviewed.`);
    }
    if (!sameSecret(reviewToken, expected.toString('utf8'))) {
      throw reviewRequired(`This review token is not the one of revision ${id} (each revision has its own).`);
    }
    return revision;
  }

  async function readExport(job: JobRecord): Promise<ExportedKit | null> {
    const info = await store.readFile(job.id, EXPORT_INFO_FILE);
    return info ? (JSON.parse(info.toString('utf8')) as ExportedKit) : null;
  }

  return {
    create(image, settings) {
      return traced(image, settings, null);
    },

    get,

    async updateSettings(id, changes) {
      const parent = await get(id);
      const image = await records.file(parent, SOURCE_IMAGE_FILE);
      return traced(image, withChanges(recordSettings(parent), changes), parent);
    },

    async setHiddenColors(id, colors) {
      const source = await get(id);
      const { tracedPalette, tracedGradients = [], traceWarning } = source.revision;
      const hiding = new Set(colorsToHide(colors, tracedPalette, 'revision', tracedPalette));
      const [image, fullSvg] = await Promise.all([
        records.file(source, SOURCE_IMAGE_FILE),
        records.file(source, TRACED_SVG_FILE),
      ]);
      const traced: SvgColors = { palette: tracedPalette, gradients: tracedGradients };
      const shown = visibleAfterHiding(fullSvg.toString('utf8'), traced, hiding);
      return records.create(
        {
          origin: 'revision',
          width: source.width,
          height: source.height,
          sourceOffset: source.sourceOffset,
          palette: shown.palette,
          gradients: shown.gradients,
          // The notes about colors hidden by an earlier re-trace no longer apply: this revision says what it hides.
          warning: traceWarning,
          originalId: source.id,
          hiddenColors: tracedPalette.filter((c) => hiding.has(c)),
          settings: source.settings,
          uploadSessionId: '',
          revision: { tracedPalette, tracedGradients, traceWarning },
        },
        shown.svg,
        { [SOURCE_IMAGE_FILE]: image, [TRACED_SVG_FILE]: fullSvg },
      );
    },

    async reviewSheet(id) {
      const revision = await get(id);
      return records.rendering(revision, REVIEW_SHEET_FILE, (svg) =>
        renderReviewSheet(svg, revision.palette, revision.hiddenColors, rasterize),
      );
    },

    async review(id) {
      const revision = await get(id);
      // Concurrent first reviews must agree on one token: the first one stored is everyone's.
      const token = await store.addFileOnce(revision.id, REVIEW_TOKEN_FILE, Buffer.from(newToken()));
      if (!token) throw jobExpired(revision.id);
      return token.toString('utf8');
    },

    checkReviewToken,

    async exportKit(id, reviewToken, request) {
      const revision = await checkReviewToken(id, reviewToken);
      const zip = await jobs.kitZip(revision.id, request);
      const exported: ExportedKit = {
        name: request.name,
        backgroundColor: request.backgroundColor,
        bytes: zip.length,
        exportedAt: now(),
      };
      await store.writeFile(revision.id, EXPORTED_KIT_FILE, zip);
      await store.writeFile(revision.id, EXPORT_INFO_FILE, Buffer.from(JSON.stringify(exported)));
      await get(id); // a revision that expired meanwhile kept nothing: say so
      return exported;
    },

    async exportedKit(id) {
      return readExport(await get(id));
    },
  };
}
