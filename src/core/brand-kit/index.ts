/**
 * The brand kit: one ZIP with the logo files, palette files, brand guide, web
 * and app icons, social images and mockups. A builder runs its builds one at
 * a time, so a process with one builder never holds two kits' bitmaps at once.
 */
import { unprocessable } from '../errors.js';
import { createLocalGate, runWhenFree } from '../gate.js';
import { KIT_NAME_MAX_CHARS } from '../limits.js';
import { colorsOf, keepingColors, LogoArtError, parseLogoArt, type LogoArt } from '../logo-art.js';
import type { Rasterize } from '../raster.js';
import { BRAND_COLORS_MAX, isHexColor } from '../settings.js';
import { androidFiles } from './android-icons.js';
import type { ColoredMark, KitContext } from './context.js';
import { guideFiles } from './guide-files.js';
import { iosFiles } from './ios-icons.js';
import { measureUnderlays } from './layering.js';
import { logoFiles } from './logo-files.js';
import { findMark, type KitMark } from './mark.js';
import { mockupFiles } from './mockup-files.js';
import { fileSlug } from './names.js';
import { analyzeGradients, analyzePalette, listColors } from './palette.js';
import { paletteFiles } from './palette-files.js';
import { printFiles } from './print-files.js';
import { readmeFile } from './readme.js';
import { socialFiles } from './social.js';
import { webFiles } from './web-icons.js';
import { writeZip } from './zip.js';

/** A logo for the kit: an SVG from our engine and the palette colors the kit keeps. */
export interface BrandKitLogo {
  /** An SVG from our engine (`vectorize`). */
  svg: string;
  /**
   * '#rrggbb' colors, either case. Shapes of the SVG in any other color (gradients with a stop in any
   * other) are left out of every file, as hiding the color on a job does; the kit reads the colors it
   * prints from the shapes that stay.
   */
  palette: readonly string[];
  /**
   * '#rrggbb' brand colors (the trace setting `palette` the SVG was traced with): the palette files and
   * the guide list them first, in this order, marked as brand colors. One the SVG paints but `palette`
   * leaves out is left out with its shapes; one the SVG does not paint is still listed, as not in the logo.
   */
  brandColors?: readonly string[];
}

export interface BrandKitRequest {
  /** At most 80 characters, any text: it is escaped wherever it lands. */
  name: string;
  /** '#rrggbb' */
  backgroundColor: string;
}

/** The interface's defaults for a kit request. */
export const KIT_DEFAULTS: Readonly<BrandKitRequest> = Object.freeze({
  name: 'Your brand',
  backgroundColor: '#ffffff',
});

/** The kit request of the wire's optional fields: defaults fill the gaps, and the color is lower-cased. */
export function kitRequestOf(fields: {
  name?: string | undefined;
  background_color?: string | undefined;
}): BrandKitRequest {
  return {
    name: fields.name ?? KIT_DEFAULTS.name,
    backgroundColor: (fields.background_color ?? KIT_DEFAULTS.backgroundColor).toLowerCase(),
  };
}

/**
 * Characters a brand name may not hold, since the kit prints it into SVG, HTML, CSS, text and PDF: controls
 * other than tab and line breaks (XML cannot carry them; the kit flattens line breaks where a line is
 * needed), bidirectional overrides and marks (they let a name display as another), non-characters and
 * lone surrogates.
 */
const UNPRINTABLE_IN_NAME =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufdd0-\ufdef\ufffe\uffff]|\p{Cs}/u;

/** Why `name` cannot be a brand name, or null when it can. */
export function kitNameProblem(name: string): string | null {
  const found = UNPRINTABLE_IN_NAME.exec(name)?.[0];
  if (found === undefined) return null;
  const code = `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return (
    `The brand name contains ${code}, which a kit cannot print: control, bidirectional-override and ` +
    'non-character code points are not allowed in a brand name. Remove it and try again.'
  );
}

/** The HTTP layer validates requests first; this keeps other callers from building a kit the API could never ask for. */
function checkRequest(request: BrandKitRequest): void {
  const problem = kitNameProblem(request.name);
  if (problem) throw unprocessable(problem);
  if ([...request.name].length > KIT_NAME_MAX_CHARS)
    throw unprocessable(`the brand name is longer than ${KIT_NAME_MAX_CHARS} characters`);
  if (!isHexColor(request.backgroundColor))
    throw unprocessable(`background color must be #rrggbb (got ${JSON.stringify(request.backgroundColor)})`);
}

/** '#rrggbb' colors lower-cased, or UNPROCESSABLE naming the first that is not one. */
function hexColors(field: string, colors: readonly string[]): string[] {
  const stranger = colors.find((color) => !isHexColor(color));
  if (stranger !== undefined) throw unprocessable(`${field} colors must be #rrggbb (got ${JSON.stringify(stranger)})`);
  return colors.map((color) => color.toLowerCase());
}

/** The logo's shapes in the palette's colors, and the brand colors the kit lists. */
function paletteArt(logo: BrandKitLogo): { art: LogoArt; brandColors: string[] } {
  const palette = new Set(hexColors('palette', logo.palette));
  let art: LogoArt;
  try {
    art = parseLogoArt(logo.svg);
  } catch (error) {
    if (!(error instanceof LogoArtError)) throw error;
    throw unprocessable(`the SVG cannot make a kit (${error.message}); give an SVG that vectorize made`);
  }
  const kept = keepingColors(art, palette);
  if (kept.paths.length === 0) throw unprocessable('none of the palette colors is a fill of the SVG');
  if ((logo.brandColors?.length ?? 0) > BRAND_COLORS_MAX)
    throw unprocessable(`at most ${BRAND_COLORS_MAX} brand colors (got ${logo.brandColors?.length})`);
  const painted = new Set(colorsOf(art));
  const left = (color: string) => painted.has(color) && !palette.has(color);
  const brandColors = [...new Set(hexColors('brand', logo.brandColors ?? []))].filter((color) => !left(color));
  return { art: kept, brandColors };
}

/**
 * A mark cut from the logo with its colors. It may hold shapes the engine layered under others,
 * wholly hidden: they are left out, so mark.svg draws only what shows.
 */
async function coloredMark(mark: KitMark): Promise<ColoredMark> {
  const shown = (await analyzePalette(mark.art)).filter((color) => color.share > 0);
  const visible = keepingColors(mark.art, new Set(shown.map((color) => color.hex)));
  return { ...mark, art: visible, palette: shown, underlays: await measureUnderlays(visible) };
}

async function build(logo: BrandKitLogo, request: BrandKitRequest, rasterize: Rasterize): Promise<Buffer> {
  checkRequest(request);
  const { art, brandColors } = paletteArt(logo);
  const palette = await analyzePalette(art);
  const found = findMark(art, palette, request.name);
  const [underlays, mark] = await Promise.all([measureUnderlays(art), found.art === art ? null : coloredMark(found)]);
  const kit: KitContext = {
    art,
    palette,
    listedColors: listColors(palette, brandColors),
    gradients: analyzeGradients(art),
    underlays,
    mark: mark ?? { ...found, palette, underlays },
    name: request.name,
    slug: fileSlug(request.name),
    background: request.backgroundColor.toLowerCase(),
    rasterize,
  };
  const groups = await Promise.all([
    logoFiles(kit),
    printFiles(kit),
    Promise.resolve(paletteFiles(kit)),
    guideFiles(kit),
    webFiles(kit),
    iosFiles(kit),
    androidFiles(kit),
    socialFiles(kit),
    mockupFiles(kit),
  ]);
  const files = groups.flat();
  return writeZip([readmeFile(kit, files), ...files]);
}

/**
 * The kit's ZIP; the same logo and request always give the same bytes.
 * Throws UNPROCESSABLE for an SVG that is not our engine's, a palette without any of its fills, or a request
 * out of bounds.
 */
export type BuildBrandKit = (logo: BrandKitLogo, request: BrandKitRequest) => Promise<Buffer>;

/** A kit builder drawing its PNGs with `rasterize`; its builds wait their turn, one at a time. */
export function createBrandKitBuilder(rasterize: Rasterize): BuildBrandKit {
  const oneAtATime = createLocalGate(1);
  return (logo, request) => runWhenFree(oneAtATime, () => build(logo, request, rasterize));
}
