/**
 * The job service: makes jobs (from an upload, from the sample logo, or by
 * hiding colors of another job), finds them, and produces their files. It owns
 * no HTTP concerns; callers decide which operations go through the gate.
 */
import { kitNotExported } from './errors.js';
import { createBrandKitBuilder, type BrandKitRequest } from './brand-kit/index.js';
import { bestMockup } from './brand-kit/mockup-choice.js';
import { logoEps, logoPdf, type PrintFormat } from './brand-kit/print-files.js';
import { parseLogoArt } from './logo-art.js';
import type { MockupKind } from './mockups/index.js';
import { scaleToFit, type Rasterize } from './raster.js';
import { createSampleLogoPng } from './sample-logo.js';
import type { TraceSettings } from './settings.js';
import { colorsToHide, visibleAfterHiding } from './svg-edit.js';
import { jobRecords, SVG_FILE } from './job-records.js';
import { completeSettings, type Tracer } from './tracer.js';
import { timed, type ObserveWork } from './timing.js';
import { recordSettings, type JobFiles, type JobRecord } from './job-store.js';

export interface JobServiceOptions {
  store: JobFiles;
  /** Lifetime of every job from its creation. */
  ttlSeconds: number;
  /** The engine, bounded by the service's deadline; tests replace it to hold a trace open. */
  trace: Tracer;
  /** Draws every PNG the service makes; the app shares one with the revision service. */
  rasterize: Rasterize;
  /** Told how long each kit build takes. */
  observe?: ObserveWork | undefined;
  now?: () => number;
}

/** Where the MCP server's export_brand_kit tool leaves a revision's kit. */
export const EXPORTED_KIT_FILE = 'brand-kit.zip';
/** A job has no brand name: its print files are titled as what they are. */
const PRINT_FILE_TITLE = 'Logo';
/** Previews are rendered at the SVG's size, but no larger than this on the long side. */
export const PREVIEW_MAX_SIDE_PX = 1024;

export interface JobService {
  /**
   * Traces an uploaded image into a new job. Throws a ServiceError with an image code for unusable images, and with
   * code ABORTED when `signal` aborts first (no job is made).
   */
  /** Settings left out take their defaults; the job records them complete. */
  vectorize(
    image: Buffer,
    settings: Partial<TraceSettings>,
    uploadSessionId: string,
    signal?: AbortSignal,
  ): Promise<JobRecord>;
  /** Traces the built-in sample logo into a new job. */
  /** The demo job, traced with the default settings (and `trim` when given). */
  sample(trim?: boolean): Promise<JobRecord>;
  /** The built-in sample logo as PNG, rendered once. */
  samplePng(): Promise<Buffer>;
  /** A new job whose SVG leaves out `colors`; the source job is unchanged and nothing is re-traced. */
  hideColors(sourceId: string, colors: readonly string[]): Promise<JobRecord>;
  /** The live job, or JOB_NOT_FOUND / JOB_EXPIRED. */
  get(id: string): Promise<JobRecord>;
  svg(id: string): Promise<Buffer>;
  previewPng(id: string): Promise<Buffer>;
  mockupPng(id: string, kind: MockupKind): Promise<Buffer>;
  /** The SVG as a vector print file (PDF or EPS), the page the logo with its clear space. */
  printFile(id: string, format: PrintFormat): Promise<Buffer>;
  kitZip(id: string, request: BrandKitRequest): Promise<Buffer>;
  /** The kit exported through the MCP server, or KIT_NOT_EXPORTED. */
  exportedKitZip(id: string): Promise<Buffer>;
}

export function createJobService(options: JobServiceOptions): JobService {
  const { store } = options;
  const { trace, rasterize } = options;
  const buildBrandKit = timed(options.observe, 'kit', createBrandKitBuilder(rasterize));
  const samplePng = createSampleLogoPng(rasterize);
  const records = jobRecords({ store, ttlSeconds: options.ttlSeconds, now: options.now ?? Date.now });
  const { get, file, svgText, rendering } = records;

  async function fromTrace(
    origin: 'upload' | 'sample',
    image: Buffer,
    settings: TraceSettings,
    uploadSessionId: string,
    signal?: AbortSignal,
  ): Promise<JobRecord> {
    const result = await trace(image, settings, signal);
    return records.create(
      {
        origin,
        width: result.width,
        height: result.height,
        sourceOffset: result.sourceOffset,
        palette: result.palette,
        gradients: result.gradients,
        warning: result.warning,
        originalId: null,
        hiddenColors: [],
        settings,
        uploadSessionId,
      },
      result.svg,
    );
  }

  return {
    vectorize(image, settings, uploadSessionId, signal) {
      return fromTrace('upload', image, completeSettings(settings), uploadSessionId, signal);
    },

    async sample(trim) {
      return fromTrace('sample', await samplePng(), completeSettings(trim === undefined ? {} : { trim }), '');
    },

    samplePng,

    async hideColors(sourceId, colors) {
      const source = await get(sourceId);
      // Colors the job already hides may be listed again.
      const requested = colorsToHide(colors, [...source.palette, ...source.hiddenColors], 'job', source.palette);
      const hiding = new Set(requested.filter((c) => source.palette.includes(c)));
      const shown = visibleAfterHiding(
        await svgText(source),
        { palette: source.palette, gradients: source.gradients ?? [] },
        hiding,
      );
      return records.create(
        {
          origin: 'visibility',
          width: source.width,
          height: source.height,
          sourceOffset: source.sourceOffset,
          palette: shown.palette,
          gradients: shown.gradients,
          warning: source.warning,
          originalId: source.id,
          hiddenColors: [...source.hiddenColors, ...hiding],
          settings: source.settings,
          uploadSessionId: source.uploadSessionId,
        },
        shown.svg,
      );
    },

    get,

    async svg(id) {
      return file(await get(id), SVG_FILE);
    },

    async previewPng(id) {
      const job = await get(id);
      const scale = scaleToFit(job.width, job.height, PREVIEW_MAX_SIDE_PX);
      return rendering(job, 'preview.png', (svg) => rasterize(svg, { scale }));
    },

    async mockupPng(id, kind) {
      return rendering(await get(id), `mockup-${kind}.png`, (svg) => bestMockup(svg, kind, rasterize));
    },

    async printFile(id, format) {
      return rendering(await get(id), `logo.${format}`, async (svg) => {
        const art = parseLogoArt(svg);
        return format === 'pdf' ? logoPdf(art, PRINT_FILE_TITLE) : logoEps(art, PRINT_FILE_TITLE);
      });
    },

    async kitZip(id, request) {
      const job = await get(id);
      // A brand color the job hides is gone from its SVG, as any hidden color is: the kit must not list it.
      const brandColors = recordSettings(job).palette.filter(
        (color) => !job.hiddenColors.includes(color.toLowerCase()),
      );
      return buildBrandKit({ svg: await svgText(job), palette: job.palette, brandColors }, request);
    },

    async exportedKitZip(id) {
      const job = await get(id);
      const zip = await store.readFile(job.id, EXPORTED_KIT_FILE);
      if (!zip) throw kitNotExported(job.id);
      return zip;
    },
  };
}
