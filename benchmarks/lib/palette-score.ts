/** How well an engine's output palette recovers a logo's true brand colors. */
import { deltaE76, parseHex, rgbToLab, type Lab, type Rgb } from './color.js';

/** A truth color counts as recalled when some output color is this close (CIE76). */
const RECALL_DELTA_E = 3;
/** An output color this far from every truth color is one the logo does not have. */
const SPURIOUS_DELTA_E = 10;
/** Two output colors this close, nearest to the same truth color, are one brand color traced twice. */
const TWIN_DELTA_E = 10;
/** JPEG's color round trip keeps flat interiors within one unit per channel. */
const NEAR_EXACT_CHANNEL_STEP = 1;

export interface PaletteScore {
  truthColors: number;
  recalled: number;
  exact: number;
  nearExact: number;
  spurious: number;
  /** Pairs of output colors that are near-twins of one truth color (ringing or noise, not a brand color). */
  twins: number;
}

function isNearExact(a: Rgb, b: Rgb): boolean {
  return a.every((channel, i) => Math.abs(channel - b[i]!) <= NEAR_EXACT_CHANNEL_STEP);
}

function nearestIndex(lab: Lab, others: readonly Lab[]): number {
  let best = -1;
  let bestDistance = Infinity;
  others.forEach((other, index) => {
    const distance = deltaE76(lab, other);
    if (distance < bestDistance) [best, bestDistance] = [index, distance];
  });
  return best;
}

function countTwins(output: readonly Lab[], truth: readonly Lab[]): number {
  let twins = 0;
  for (let a = 0; a < output.length; a++) {
    for (let b = a + 1; b < output.length; b++) {
      const near = deltaE76(output[a]!, output[b]!) <= TWIN_DELTA_E;
      if (near && nearestIndex(output[a]!, truth) === nearestIndex(output[b]!, truth)) twins++;
    }
  }
  return twins;
}

export function scorePalette(truthHex: readonly string[], outputHex: readonly string[]): PaletteScore {
  const truth = truthHex.map((hex) => ({ hex: hex.toLowerCase(), rgb: parseHex(hex) }));
  const output = outputHex.map((hex) => ({ hex: hex.toLowerCase(), rgb: parseHex(hex) }));
  const truthLab = truth.map((color) => rgbToLab(color.rgb));
  const outputLab = output.map((color) => rgbToLab(color.rgb));
  const nearestDistance = (lab: (typeof truthLab)[number], others: typeof truthLab): number =>
    Math.min(Infinity, ...others.map((other) => deltaE76(lab, other)));

  return {
    truthColors: truth.length,
    recalled: truthLab.filter((lab) => nearestDistance(lab, outputLab) <= RECALL_DELTA_E).length,
    exact: truth.filter((color) => output.some((out) => out.hex === color.hex)).length,
    nearExact: truth.filter((color) => output.some((out) => isNearExact(out.rgb, color.rgb))).length,
    spurious: outputLab.filter((lab) => nearestDistance(lab, truthLab) > SPURIOUS_DELTA_E).length,
    twins: countTwins(outputLab, truthLab),
  };
}
