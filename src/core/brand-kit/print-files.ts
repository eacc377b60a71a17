/**
 * The logo as print files: a one-page PDF and an EPS, vector paths only, the page the logo with its clear
 * space around it, at the SVG's own size (a CSS pixel is 0.75 pt, so 96 dpi renders it pixel for pixel).
 * Colors are RGB as in the SVG; the guide gives each color's approximate CMYK separation.
 */
import type { LogoArt, Paint } from '../logo-art.js';
import type { KitContext } from './context.js';
import { POSTSCRIPT_PROLOG, PostScriptPage, postScriptString } from './eps-page.js';
import type { KitFile } from './kit-file.js';
import { PdfLogoPage, reproduciblePdf } from './pdf-page.js';
import { clearSpaceUnits } from './usage-rules.js';
import { fullColor, monoVariant, type Variant } from './variants.js';
import { drawLogoPaths } from './vector-logo.js';

export type PrintFormat = 'pdf' | 'eps';

/** What each print format is sent as. */
export const PRINT_MEDIA_TYPES: Record<PrintFormat, string> = { pdf: 'application/pdf', eps: 'application/postscript' };

const POINTS_PER_PIXEL = 0.75;

type Matrix = [number, number, number, number, number, number];

/** The page in points, and the matrix from the logo's viewBox units to the page (y down). */
function printLayout(art: LogoArt): { width: number; height: number; logo: Matrix } {
  const margin = clearSpaceUnits(art) * POINTS_PER_PIXEL;
  const scale = (POINTS_PER_PIXEL * art.width) / art.viewBox.width;
  return {
    width: art.width * POINTS_PER_PIXEL + 2 * margin,
    height: art.height * POINTS_PER_PIXEL + 2 * margin,
    logo: [scale, 0, 0, scale, margin - scale * art.viewBox.x, margin - scale * art.viewBox.y],
  };
}

/** The logo painted with `paint` as a one-page vector PDF titled `title`. */
export async function logoPdf(art: LogoArt, title: string, paint: Paint = fullColor.paint): Promise<Buffer> {
  const layout = printLayout(art);
  const { doc, bytes } = reproduciblePdf({ title, subject: 'Logo, vector, for print' });
  doc.addPage({ size: [layout.width, layout.height], margin: 0 });
  doc.transform(...layout.logo);
  drawLogoPaths(new PdfLogoPage(doc), art, paint);
  doc.end();
  return bytes;
}

/** The logo painted with `paint` as an EPSF-3.0 file titled `title`. */
export function logoEps(art: LogoArt, title: string, paint: Paint = fullColor.paint): Buffer {
  const layout = printLayout(art);
  const page = new PostScriptPage();
  // PostScript's y axis points up: flip the page so the logo's units read as they do in the SVG.
  page.transform(1, 0, 0, -1, 0, layout.height);
  page.transform(...layout.logo);
  drawLogoPaths(page, art, paint);
  const bounds = (round: (n: number) => number) => `0 0 ${round(layout.width)} ${round(layout.height)}`;
  return Buffer.from(
    [
      '%!PS-Adobe-3.0 EPSF-3.0',
      `%%BoundingBox: ${bounds(Math.ceil)}`,
      `%%HiResBoundingBox: ${bounds((n) => Math.round(n * 1000) / 1000)}`,
      `%%Title: ${postScriptString(title)}`,
      '%%Creator: (Logo vectorizer brand kit)',
      '%%LanguageLevel: 3',
      '%%EndComments',
      '%%BeginProlog',
      ...POSTSCRIPT_PROLOG,
      '%%EndProlog',
      'gsave',
      ...page.lines,
      'grestore',
      'showpage',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

const PRINT_VARIANTS: readonly { variant: (kit: KitContext) => Variant; suffix: string; purpose: string }[] = [
  { variant: () => fullColor, suffix: '', purpose: 'The logo in full color' },
  {
    variant: (kit) => monoVariant(kit.palette, 'mono-dark'),
    suffix: '-mono-dark',
    purpose: 'One-color logo in black',
  },
  {
    variant: (kit) => monoVariant(kit.palette, 'mono-light'),
    suffix: '-mono-light',
    purpose: 'One-color logo in white (reversed)',
  },
];

/** logo/NAME.pdf and .eps, in full color and in one color, for print shops, sign makers and embroiderers. */
export async function printFiles(kit: KitContext): Promise<KitFile[]> {
  const groups = await Promise.all(
    PRINT_VARIANTS.map(async ({ variant, suffix, purpose }): Promise<KitFile[]> => {
      const { paint } = variant(kit);
      const title = `${kit.name}: logo${suffix}`;
      const base = `logo/${kit.slug}${suffix}`;
      const clearSpace = 'with its clear space around it; RGB colors (the guide gives their approximate CMYK)';
      return [
        {
          path: `${base}.pdf`,
          data: await logoPdf(kit.art, title, paint),
          purpose: `${purpose}, vector PDF for print, ${clearSpace}.`,
        },
        {
          path: `${base}.eps`,
          data: logoEps(kit.art, title, paint),
          purpose: `${purpose}, vector EPS for print and sign-making software, ${clearSpace}.`,
        },
      ];
    }),
  );
  return groups.flat();
}
