/** Turns one engine's output for one image into the per-image record the summaries are built from. */
import { alphaMaskIoU, comparePixels } from './compare.js';
import { kindOf, type InputType, type Kind, type LogoTruth } from './corpus.js';
import type { EngineName, EngineOutput } from './engines.js';
import { scorePalette, type PaletteScore } from './palette-score.js';
import { renderSvgAt, type Raster } from './raster.js';

interface ImageIdentity {
  name: string;
  input: InputType;
  engine: EngineName;
  kind: Kind;
  truthPalette: string[];
  oneColor: boolean;
}

export interface MeasuredImage extends ImageIdentity, PaletteScore {
  ok: true;
  palette: string[];
  ms: number;
  svgBytes: number;
  pathCount: number;
  errorOverWhite: number;
  /** PNG only: errors hidden by a white backdrop (e.g. a white halo) show over black. */
  errorOverBlack: number | null;
  pixelsOffShare: number;
  /** JPEG only: the output's shape mask against the PNG twin's alpha. */
  backgroundIoU: number | null;
}

export interface FailedImage extends ImageIdentity {
  ok: false;
  failure: string;
}

export type ImageResult = MeasuredImage | FailedImage;

export interface ImageSubject {
  truth: LogoTruth;
  input: InputType;
  /**
   * What the rendered SVG is compared against, at its size: the decoded input
   * itself (the PNG with alpha, or the JPEG as it is, on white), or for a
   * shrunken input the full-size PNG original.
   */
  reference: Raster;
  /** The full-size PNG twin, whose alpha is the true background of a JPEG. */
  pngTwin: Raster;
}

function identify(subject: ImageSubject, engine: EngineName): ImageIdentity {
  return {
    name: subject.truth.name,
    input: subject.input,
    engine,
    kind: kindOf(subject.truth.name),
    truthPalette: subject.truth.palette,
    oneColor: subject.truth.palette.length === 1,
  };
}

export function measureOutput(subject: ImageSubject, engine: EngineName, output: EngineOutput): MeasuredImage {
  const { reference, input } = subject;
  const rendered = renderSvgAt(output.svg, reference.width, reference.height);
  const overWhite = comparePixels(reference, rendered, 'white');
  return {
    ...identify(subject, engine),
    ok: true,
    ...scorePalette(subject.truth.palette, output.palette),
    palette: output.palette,
    ms: output.ms,
    svgBytes: Buffer.byteLength(output.svg),
    pathCount: output.svg.match(/<path\b/g)?.length ?? 0,
    errorOverWhite: overWhite.meanError,
    errorOverBlack: input === 'png' ? comparePixels(reference, rendered, 'black').meanError : null,
    pixelsOffShare: overWhite.pixelsOffShare,
    backgroundIoU: input === 'jpg' ? alphaMaskIoU(rendered, subject.pngTwin) : null,
  };
}

export function recordFailure(subject: ImageSubject, engine: EngineName, error: unknown): FailedImage {
  const failure = error instanceof Error ? error.message : String(error);
  return { ...identify(subject, engine), ok: false, failure };
}
