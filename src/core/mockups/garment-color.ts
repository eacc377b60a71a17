/**
 * The fabric color a mockup uses: the one the logo stands out on best, so a
 * light logo never vanishes on a light garment.
 */
import { contrastRatio } from '../color.js';

/** Contrast past this adds nothing to legibility, so one very dark color cannot outvote the rest. */
const ENOUGH_CONTRAST = 7;

/** Of `colors`, the one with the highest share-weighted contrast against the logo's fills (first wins ties). */
export function pickGarmentColor(shares: ReadonlyMap<string, number>, colors: readonly string[]): string {
  const score = (fabric: string) => {
    let total = 0;
    for (const [fill, share] of shares) total += share * Math.min(ENOUGH_CONTRAST, contrastRatio(fill, fabric));
    return total;
  };
  let best = colors[0] ?? '#ffffff';
  for (const color of colors) if (score(color) > score(best) + 1e-9) best = color;
  return best;
}
