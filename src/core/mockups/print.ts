/**
 * The print itself: the logo on a transparent canvas the size of the garment's
 * print area, moved by the garment's warp map and given the look of how it
 * is made. The garment's light map goes over it afterwards.
 */
import { fitInBox, inset } from '../geometry.js';
import { logoInBox, type LogoArt } from '../logo-art.js';
import type { Garment } from './garment.js';

/** Embroidery stands off the cloth: its edges catch the light and throw a little shadow. */
const EMBROIDERY = `
  <feGaussianBlur in="placed" stdDeviation="2.2" result="height"/>
  <feSpecularLighting in="height" surfaceScale="2.5" specularConstant="0.55" specularExponent="14" lighting-color="#ffffff" result="shine">
    <feDistantLight azimuth="235" elevation="48"/>
  </feSpecularLighting>
  <feComposite in="shine" in2="placed" operator="in" result="shine-on-thread"/>
  <feTurbulence type="fractalNoise" baseFrequency="0.04 0.9" numOctaves="1" seed="11" result="thread"/>
  <feColorMatrix in="thread" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.5 -0.12" result="thread-shade"/>
  <feComposite in="thread-shade" in2="placed" operator="in" result="thread-on-logo"/>
  <feOffset in="placed" dx="1.5" dy="2.5" result="lifted"/>
  <feColorMatrix in="lifted" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.45 0" result="lift-shadow"/>
  <feGaussianBlur in="lift-shadow" stdDeviation="1.5" result="soft-shadow"/>
  <feMerge><feMergeNode in="soft-shadow"/><feMergeNode in="placed"/><feMergeNode in="thread-on-logo"/><feMergeNode in="shine-on-thread"/></feMerge>`;
/** Screen-print ink sits in the knit: edges a touch soft, the cloth faintly through it. */
const SCREEN_PRINT = `<feGaussianBlur in="placed" stdDeviation="0.45" result="inked"/><feComponentTransfer in="inked"><feFuncA type="linear" slope="0.96"/></feComponentTransfer>`;

/** The print alone, on a transparent canvas the size of the print area, warped by the garment's map. */
export function printDrawing(garment: Garment, art: LogoArt, warpPng: Buffer): string {
  const { width, height } = garment.printArea;
  const area = { x: 0, y: 0, width, height };
  // Room for the warp to push the logo around without cutting it off.
  const logo = fitInBox(art, inset(area, garment.warpScale / 2));
  const map = `data:image/png;base64,${warpPng.toString('base64')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <filter id="print" x="0" y="0" width="${width}" height="${height}" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
    <feImage href="${map}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="none" result="warp"/>
    <feDisplacementMap in="SourceGraphic" in2="warp" scale="${garment.warpScale}" xChannelSelector="R" yChannelSelector="G" result="placed"/>
    ${garment.printMethod === 'embroidery' ? EMBROIDERY : SCREEN_PRINT}
  </filter>
  <g filter="url(#print)">${logoInBox(art, logo)}</g>
</svg>`;
}
