/** Per-group summaries of the dev-papers and dev-flags records, ours beside plain vtracer. */
import type { InputType } from './corpus.js';
import { PAPER_FORMATS } from './paper-corpora.js';
import { BANDS } from './paper-metrics.js';
import { flagError, type FlagRecord, type PaperEngine, type PaperRecord } from './papers-measure.js';
import { mean, median } from './stats.js';

/** One engine over a set of files; recall counts a failed file's colors as missed. */
export interface EngineStats {
  files: number;
  failures: number;
  error: number;
  /** NaN for flags, which have no background to remove. */
  iou: number;
  recall: number;
  spurious: number;
  medianBytes: number;
  medianMs: number;
}

type Measured<R> = Extract<R, { ok: true }>;

function statsOf<R extends PaperRecord | FlagRecord>(
  records: readonly R[],
  errorOf: (record: Measured<R>) => number,
  iouOf: (record: Measured<R>) => number,
  colorsOf: (record: R) => number,
): EngineStats {
  const ok = records.filter((record): record is Measured<R> => record.ok);
  const colors = records.reduce((sum, record) => sum + colorsOf(record), 0);
  return {
    files: records.length,
    failures: records.length - ok.length,
    error: mean(ok.map(errorOf)),
    iou: mean(ok.map(iouOf)),
    recall: ok.reduce((sum, record) => sum + record.recalled, 0) / colors,
    spurious: mean(ok.map((record) => record.spurious)),
    medianBytes: median(ok.map((record) => record.svgBytes)),
    medianMs: median(ok.map((record) => record.ms)),
  };
}

export function paperStats(records: readonly PaperRecord[]): EngineStats {
  return statsOf(
    records,
    (record) => record.errorOverPaper,
    (record) => record.iou,
    (record) => record.colorsOffPaper,
  );
}

export function flagStats(records: readonly FlagRecord[]): EngineStats {
  return statsOf(
    records,
    (record) => record.errorOverWhite,
    () => Number.NaN,
    (record) => record.truthColors,
  );
}

/** 'scored' groups carry the dev-papers targets; the resaved split is for reading only. */
export interface PaperGroup {
  label: string;
  scored: boolean;
  ours: EngineStats;
  vtracer: EngineStats;
}

function group(label: string, scored: boolean, records: readonly PaperRecord[]): PaperGroup {
  const of = (engine: PaperEngine) => paperStats(records.filter((record) => record.engine === engine));
  return { label, scored, ours: of('ours'), vtracer: of('vtracer') };
}

/** Overall, per paper lightness band, per format, and the PNGs split by whether they were JPEGs first. */
export function paperGroups(records: readonly PaperRecord[]): PaperGroup[] {
  const files = records.filter((record) => record.source === 'file');
  const where = (keep: (record: PaperRecord) => boolean): PaperRecord[] => files.filter(keep);
  const png = (resaved: boolean) => (record: PaperRecord) =>
    record.format === 'png' && record.resavedFromJpeg === resaved;
  return [
    group('all', true, files),
    ...BANDS.map((band) =>
      group(
        `${band} paper`,
        true,
        where((record) => record.band === band),
      ),
    ),
    ...PAPER_FORMATS.map((format) =>
      group(
        format,
        true,
        where((record) => record.format === format),
      ),
    ),
    group('png resaved from jpg', false, where(png(true))),
    group('png saved directly', false, where(png(false))),
  ].filter((entry) => entry.ours.files + entry.vtracer.files > 0);
}

/** Ours on each resaved PNG beside ours on that PNG encoded back to JPEG at its quality. */
export interface ResavedComparison {
  files: number;
  png: EngineStats;
  jpeg: EngineStats;
  /** Median SVG bytes of the PNG over the JPEG's. */
  bytesRatio: number;
  /** PNGs that were blurred or noised, and how many of those our trace failed on. */
  softenedOrNoisedPngs: number;
  softenedOrNoisedFailures: number;
}

export function compareResaved(records: readonly PaperRecord[]): ResavedComparison {
  const ours = records.filter((record) => record.engine === 'ours');
  const png = paperStats(ours.filter((record) => record.source === 'file' && record.resavedFromJpeg));
  const jpeg = paperStats(ours.filter((record) => record.source === 'reencoded-jpeg'));
  const softened = ours.filter(
    (record) => record.source === 'file' && record.format === 'png' && record.softenedOrNoised,
  );
  return {
    files: png.files,
    png,
    jpeg,
    bytesRatio: png.medianBytes / jpeg.medianBytes,
    softenedOrNoisedPngs: softened.length,
    softenedOrNoisedFailures: softened.filter((record) => !record.ok).length,
  };
}

/** One flag on one input type: our error, plain vtracer's (Infinity where one failed) and ours over vtracer's. */
export interface FlagRatio {
  name: string;
  input: InputType;
  ours: number;
  vtracer: number;
  ratio: number;
}

/** Ours over vtracer's; two exact traces are on par, and a failure of ours is the worst. */
export function errorRatio(ours: number, vtracer: number): number {
  if (ours === Infinity) return Infinity;
  return ours === 0 && vtracer === 0 ? 1 : ours / vtracer;
}

export function flagRatios(records: readonly FlagRecord[]): FlagRatio[] {
  return records
    .filter((record) => record.engine === 'ours')
    .map((record) => {
      const vtracer = records.find(
        (other) => other.engine === 'vtracer' && other.name === record.name && other.input === record.input,
      );
      const [ours, theirs] = [flagError(record), vtracer ? flagError(vtracer) : Infinity];
      return { name: record.name, input: record.input, ours, vtracer: theirs, ratio: errorRatio(ours, theirs) };
    });
}

export interface FlagSummary {
  input: InputType;
  ours: EngineStats;
  vtracer: EngineStats;
  /** Flags whose error is above twice plain vtracer's, worst first. */
  aboveTwice: FlagRatio[];
  /** Flags of which ours missed a true color (listed for PNG input). */
  missedColors: string[];
}

export function summarizeFlags(records: readonly FlagRecord[], input: InputType): FlagSummary {
  const own = records.filter((record) => record.input === input);
  const ours = own.filter((record) => record.engine === 'ours');
  return {
    input,
    ours: flagStats(ours),
    vtracer: flagStats(own.filter((record) => record.engine === 'vtracer')),
    aboveTwice: flagRatios(own)
      .filter((flag) => flag.ratio > 2)
      .sort((a, b) => b.ratio - a.ratio),
    missedColors: ours
      .filter((record) => !record.ok || record.recalled < record.truthColors)
      .map((record) => record.name),
  };
}
