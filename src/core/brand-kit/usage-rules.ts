/** The logo's usage rules, the same in the guide and in the files that apply them. */
import type { LogoArt } from '../logo-art.js';

/** Clear space on every side: a quarter of the logo's shorter side (the guide's "x"). */
const CLEAR_SPACE_RATIO = 0.25;
/** The shorter side may not get smaller than this on screen, or in print. */
const MIN_SHORT_SIDE_PX = 24;
const MIN_SHORT_SIDE_MM = 7;

/** Clear space in the logo's own units (its SVG width/height). */
export function clearSpaceUnits(art: LogoArt): number {
  return Math.min(art.width, art.height) * CLEAR_SPACE_RATIO;
}

export interface MinimumSize {
  screenPx: { width: number; height: number };
  printMm: { width: number; height: number };
}

export function minimumSize(art: LogoArt): MinimumSize {
  const scaled = (shortSide: number) => {
    const scale = shortSide / Math.min(art.width, art.height);
    return { width: Math.ceil(art.width * scale), height: Math.ceil(art.height * scale) };
  };
  return { screenPx: scaled(MIN_SHORT_SIDE_PX), printMm: scaled(MIN_SHORT_SIDE_MM) };
}
