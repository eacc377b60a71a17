/** Assertion helpers shared by the engine tests. */
import type { TAP } from 'tap';

import { ServiceError, type ServiceErrorCode, type TraceErrorCode } from '../../src/core/errors.js';
import type { TraceResult } from '../../src/core/tracer.js';
import { matchPalette, renderSvgAt, rgba, svgStructure, type Raw } from './fixtures.js';

/** The assertions these helpers use, as any tap test (root or subtest) has them. */
export type Asserts = Pick<TAP, 'ok' | 'fail' | 'equal'>;

/**
 * Await `promise`, which must reject with a ServiceError carrying `code`.
 * Returns the error (or undefined when the assertion failed) for further checks.
 */
export async function rejectsWithCode(
  t: Asserts,
  promise: Promise<unknown>,
  code: TraceErrorCode | readonly TraceErrorCode[],
  message?: string,
): Promise<ServiceError | undefined> {
  const wanted: readonly ServiceErrorCode[] = typeof code === 'string' ? [code] : code;
  try {
    const value = await promise;
    const result = value as Partial<TraceResult> | undefined;
    t.fail(message ?? `expected a rejection with ${wanted.join(' or ')}`, {
      found: { resolved: true, palette: result?.palette, width: result?.width, height: result?.height },
    });
    return undefined;
  } catch (error) {
    if (!(error instanceof ServiceError)) {
      t.fail(message ?? 'expected a ServiceError', { found: error });
      return undefined;
    }
    t.ok(wanted.includes(error.code), message ?? `rejects with ${wanted.join(' or ')}`, { found: error.code, wanted });
    return error;
  }
}

/** Render a traced SVG at its own size, as straight RGBA. */
export async function renderResult(result: TraceResult): Promise<Raw> {
  return rgba(renderSvgAt(result.svg, result.width));
}

/** Checks every traced SVG must pass; returns the structure for more checks. */
export function checkSvg(t: Asserts, result: TraceResult): ReturnType<typeof svgStructure> {
  const s = svgStructure(result.svg);
  t.equal(s.width, result.width, 'svg width attribute equals the result width');
  t.equal(s.height, result.height, 'svg height attribute equals the result height');
  t.equal(s.viewBox, `0 0 ${result.width} ${result.height}`, 'viewBox spans the image');
  t.equal(s.hasTransform, false, 'no transform attributes');
  t.equal(s.paths, result.palette.length, 'one path per palette color');
  t.equal(new Set(s.fills).size, s.fills.length, 'no fill is used twice');
  t.equal(
    JSON.stringify([...s.fills].sort()),
    JSON.stringify([...result.palette].sort()),
    'the fills are exactly the palette',
  );
  return s;
}

/** The pixel at (x, y) of a rendered result: its hex color and alpha. */
export function pixelAt(raw: Raw, x: number, y: number): { hex: string; alpha: number } {
  const o = (y * raw.width + x) * 4;
  const hex = `#${[...raw.data.subarray(o, o + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  return { hex, alpha: raw.data[o + 3]! };
}

/** Whether the result's palette holds `color` within `tolerance` levels per channel. */
export function hasColor(result: TraceResult, color: string, tolerance: number): boolean {
  const match = matchPalette(result.palette, [color])[0];
  return match !== undefined && match.diff <= tolerance;
}
