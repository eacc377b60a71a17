/**
 * The package's programmatic API beside `vectorize`: the kit builder and the
 * renderer, made on first use and shared by every call in the process, so a
 * program calling them in a loop gets the service's bounded render slots and
 * one-kit-at-a-time builds. Both load on first use too: `import
 * 'logo-vectorizer'` for a trace never loads the renderer, PDF writer or
 * garment models.
 */
import type { BrandKitLogo, BrandKitRequest, BuildBrandKit } from './brand-kit/index.js';
import { unprocessable } from './errors.js';
import { RENDER_MAX_SIDE_PX } from './limits.js';
import { declaredSize, LogoArtError } from './logo-art.js';
import type { Rasterize } from './raster.js';

let rasterizer: Promise<Rasterize> | undefined;
let kitBuilder: Promise<BuildBrandKit> | undefined;

function sharedRasterizer(): Promise<Rasterize> {
  rasterizer ??= import('./raster.js').then(({ createRasterizer }) => createRasterizer());
  return rasterizer;
}

function sharedKitBuilder(): Promise<BuildBrandKit> {
  kitBuilder ??= Promise.all([import('./brand-kit/index.js'), sharedRasterizer()]).then(([kit, rasterize]) =>
    kit.createBrandKitBuilder(rasterize),
  );
  return kitBuilder;
}

export type BrandKitOptions = Partial<BrandKitRequest> & Pick<BrandKitLogo, 'brandColors'>;

/**
 * The brand kit of an SVG from `vectorize`, as ZIP bytes: logo files, palette files, the brand guide
 * (HTML and PDF), web, iOS and Android icons, social images and mockups. `palette` is the colors the
 * kit keeps (pass vectorize's palette; leave a color out to drop its shapes). `name` (at most
 * KIT_NAME_MAX_CHARS characters, 'Your brand' by default) and `backgroundColor` ('#rrggbb', white by default) go into
 * the files; `brandColors` (the `palette` setting you traced with) are listed first in the palette files
 * and the guide, in their order, marked as brand colors. Rejects with a ServiceError UNPROCESSABLE for anything it cannot build.
 */
export async function buildBrandKit(
  svg: string,
  palette: readonly string[],
  options: BrandKitOptions = {},
): Promise<Buffer> {
  const [build, { kitRequestOf }] = await Promise.all([sharedKitBuilder(), import('./brand-kit/index.js')]);
  return build(
    { svg, palette, brandColors: options.brandColors },
    kitRequestOf({ name: options.name, background_color: options.backgroundColor }),
  );
}

/** Why an SVG cannot be drawn `width` pixels wide, or null when it can. */
function renderProblem(svg: string, width: number): string | null {
  if (!Number.isInteger(width) || width < 1 || width > RENDER_MAX_SIDE_PX) {
    return `width must be a whole number of pixels from 1 to ${RENDER_MAX_SIDE_PX} (got ${String(width)})`;
  }
  let size;
  try {
    size = declaredSize(svg);
  } catch (error) {
    if (error instanceof LogoArtError) return `the SVG cannot be drawn: ${error.message}`;
    throw error;
  }
  const height = Math.round((width * size.height) / size.width);
  if (height < 1) return `at ${width} px wide the SVG would be less than 1 px tall`;
  if (height > RENDER_MAX_SIDE_PX) {
    return `at ${width} px wide the SVG would be ${height} px tall, past the ${RENDER_MAX_SIDE_PX} px limit`;
  }
  return null;
}

/**
 * An SVG drawn as a PNG `width` pixels wide, its height following the SVG's aspect, on a transparent
 * background. Rejects with a ServiceError UNPROCESSABLE for a width outside 1 to RENDER_MAX_SIDE_PX
 * or an SVG it cannot draw.
 */
export async function renderPng(svg: string, width: number): Promise<Buffer> {
  const problem = renderProblem(svg, width);
  if (problem) throw unprocessable(problem);
  return (await sharedRasterizer())(svg, { width });
}
