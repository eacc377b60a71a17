/** What the garments share: the canvas, the studio backdrop, the knit grain and color shades. */
import { hexToRgb, hslToRgb, rgbToHex, rgbToHsl } from '../color.js';

/** Mockups are square PNGs this many pixels wide. */
export const CANVAS = 1200;

/** `hex` with its lightness moved by `delta` percentage points. */
export function shade(hex: string, delta: number): string {
  const hsl = rgbToHsl(hexToRgb(hex));
  return rgbToHex(hslToRgb({ ...hsl, l: Math.min(100, Math.max(0, hsl.l + delta)) }));
}

/** A soft studio sweep behind the product, and the product's blurred contact shadow. */
export function backdrop(silhouette: string, shadowOffset: number): string {
  return `<defs>
    <radialGradient id="studio" cx="50%" cy="38%" r="75%">
      <stop offset="0" stop-color="#f7f6f3"/><stop offset="0.65" stop-color="#e9e7e2"/><stop offset="1" stop-color="#d6d3cd"/>
    </radialGradient>
    <filter id="contact-shadow" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur stdDeviation="16"/></filter>
  </defs>
  <rect width="${CANVAS}" height="${CANVAS}" fill="url(#studio)"/>
  <path d="${silhouette}" transform="translate(0 ${shadowOffset})" fill="#3a3630" opacity="0.28" filter="url(#contact-shadow)"/>`;
}

/**
 * Knit grain for a light map: fine fractal noise (the yarn) plus a slow
 * mottle (heather), both centred on mid gray so they neither lighten nor
 * darken on average.
 */
export function knitGrain(clipId: string): string {
  return `<filter id="knit" x="0" y="0" width="${CANVAS}" height="${CANVAS}" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency="0.85 0.5" numOctaves="2" seed="7" result="yarn"/>
      <feColorMatrix in="yarn" type="matrix" values="1 0 0 0 0  1 0 0 0 0  1 0 0 0 0  0 0 0 0 0.2" result="yarn-tone"/>
      <feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="2" seed="3" result="mottle"/>
      <feColorMatrix in="mottle" type="matrix" values="1 0 0 0 0  1 0 0 0 0  1 0 0 0 0  0 0 0 0 0.07" result="mottle-tone"/>
      <feMerge><feMergeNode in="yarn-tone"/><feMergeNode in="mottle-tone"/></feMerge>
    </filter>
    <rect width="${CANVAS}" height="${CANVAS}" filter="url(#knit)" clip-path="url(#${clipId})"/>`;
}
