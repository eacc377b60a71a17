/** One engine's trace of one dev-papers file or one dev-flags flag, turned into a per-file record. */
import { parseHex } from './color.js';
import { comparePixels } from './compare.js';
import type { InputType } from './corpus.js';
import type { EngineOutput } from './engines.js';
import type { PaperEntry, PaperFormat } from './paper-corpora.js';
import { bandOf, colorsOffPaper, errorOverPaper, shapeIoU, type Band } from './paper-metrics.js';
import { scorePalette } from './palette-score.js';
import { renderSvgAt, type Raster } from './raster.js';

export type PaperEngine = 'ours' | 'vtracer';

/** What was traced: the corpus file itself, or a resaved PNG encoded back to JPEG at its quality. */
export type PaperSource = 'file' | 'reencoded-jpeg';

interface PaperIdentity {
  file: string;
  truth: string;
  engine: PaperEngine;
  source: PaperSource;
  format: PaperFormat;
  paper: string;
  band: Band;
  resavedFromJpeg: boolean;
  /** Blurred or noised (a shrunk-and-blown-up file is not counted here). */
  softenedOrNoised: boolean;
  /** True colors standing off the paper: the recall's denominator, also for a failed trace. */
  colorsOffPaper: number;
}

interface Measured {
  ok: true;
  palette: string[];
  svgBytes: number;
  ms: number;
}

interface Failed {
  ok: false;
  failure: string;
}

export type PaperRecord = PaperIdentity &
  (Failed | (Measured & { errorOverPaper: number; iou: number; recalled: number; spurious: number }));

interface FlagIdentity {
  name: string;
  input: InputType;
  engine: PaperEngine;
  truthColors: number;
}

export type FlagRecord = FlagIdentity &
  (Failed | (Measured & { errorOverWhite: number; recalled: number; spurious: number }));

/** A record with the SVG behind it (null on failure), kept for the contact sheets. */
export interface Traced<R> {
  record: R;
  svg: string | null;
}

function failureOf(error: unknown): Failed {
  return { ok: false, failure: error instanceof Error ? error.message : String(error) };
}

function measured(output: EngineOutput): Measured {
  return { ok: true, palette: output.palette, svgBytes: Buffer.byteLength(output.svg), ms: output.ms };
}

export async function tracePaper(
  entry: PaperEntry,
  source: PaperSource,
  engine: PaperEngine,
  truthImage: Raster,
  trace: () => Promise<EngineOutput>,
): Promise<Traced<PaperRecord>> {
  const offPaper = colorsOffPaper(entry.palette, entry.paper);
  const identity: PaperIdentity = {
    file: entry.file,
    truth: entry.truth,
    engine,
    source,
    format: source === 'file' ? entry.format : 'jpg',
    paper: entry.paper,
    band: bandOf(entry.paper),
    resavedFromJpeg: entry.resavedFromJpeg === true,
    softenedOrNoised: entry.blur > 0 || entry.noise > 0,
    colorsOffPaper: offPaper.length,
  };
  try {
    const output = await trace();
    const rendered = renderSvgAt(output.svg, truthImage.width, truthImage.height);
    const paper = parseHex(entry.paper);
    const record: PaperRecord = {
      ...identity,
      ...measured(output),
      errorOverPaper: errorOverPaper(truthImage, rendered, paper),
      iou: shapeIoU(truthImage, rendered, paper),
      recalled: scorePalette(offPaper, output.palette).recalled,
      spurious: scorePalette(entry.palette, output.palette).spurious,
    };
    return { record, svg: output.svg };
  } catch (error) {
    return { record: { ...identity, ...failureOf(error) }, svg: null };
  }
}

/** A flag is opaque: both inputs are scored over white against the PNG. */
export async function traceFlag(
  name: string,
  palette: string[],
  input: InputType,
  engine: PaperEngine,
  png: Raster,
  trace: () => Promise<EngineOutput>,
): Promise<Traced<FlagRecord>> {
  const identity: FlagIdentity = { name, input, engine, truthColors: palette.length };
  try {
    const output = await trace();
    const score = scorePalette(palette, output.palette);
    const record: FlagRecord = {
      ...identity,
      ...measured(output),
      errorOverWhite: comparePixels(png, renderSvgAt(output.svg, png.width, png.height), 'white').meanError,
      recalled: score.recalled,
      spurious: score.spurious,
    };
    return { record, svg: output.svg };
  } catch (error) {
    return { record: { ...identity, ...failureOf(error) }, svg: null };
  }
}

/** The error a record ranks by; a failed trace ranks worst. */
export function paperError(record: PaperRecord): number {
  return record.ok ? record.errorOverPaper : Infinity;
}

export function flagError(record: FlagRecord): number {
  return record.ok ? record.errorOverWhite : Infinity;
}
