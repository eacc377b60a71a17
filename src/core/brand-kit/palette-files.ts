/** palette/: the brand colors and the logo's colors as JSON, CSS custom properties, Adobe swatches and a GIMP palette. */
import { writeAse } from './ase.js';
import type { KitContext } from './context.js';
import type { KitFile } from './kit-file.js';
import { cssCommentText, htmlSafeJson, singleLine } from './names.js';
import { colorNote, swatchName } from './palette.js';

export const CMYK_NOTE =
  'CMYK values are approximate (converted without a color profile); confirm them with your printer.';

function paletteJson(kit: KitContext): string {
  const document = {
    name: kit.name,
    background_color: kit.background,
    colors: kit.listedColors.map((color) => ({
      name: color.name,
      hex: color.hex,
      brand: color.brand,
      in_logo: color.inLogo,
      rgb: color.rgb,
      hsl: color.hsl,
      cmyk_approximate: color.cmyk,
      share: Number(color.share.toFixed(4)),
    })),
    gradients: kit.gradients.map((gradient) => ({
      name: gradient.name,
      type: gradient.kind,
      stops: gradient.stops.map((stop) => ({ offset: stop.offset, hex: stop.color })),
      css: gradient.css,
    })),
    notes: `colors lists the brand colors first (brand: true), in the order they were given, then the logo's other colors, largest share first; in_logo is false for a brand color the logo does not use. share is the part of the logo's visible area in that color (0-1); a gradient's area is shared by its stops, each also listed in colors. ${CMYK_NOTE}`,
  };
  return htmlSafeJson(document);
}

function paletteCss(kit: KitContext): string {
  const lines = kit.listedColors.flatMap((color) => [
    `  --brand-${color.token}: ${color.hex}; /* ${colorNote(color)} */`,
    `  --brand-${color.token}-rgb: ${color.rgb.r} ${color.rgb.g} ${color.rgb.b}; /* for rgb(var(--brand-${color.token}-rgb) / 50%) */`,
  ]);
  const gradients = kit.gradients.map((gradient) => `  --brand-${gradient.token}: ${gradient.css};`);
  return [
    `/* ${cssCommentText(kit.name)}: brand colors */`,
    ':root {',
    ...lines,
    ...gradients,
    `  --brand-background: ${kit.background};`,
    '}',
    '',
  ].join('\n');
}

/** GIMP, Inkscape and Krita read this: 'R G B<tab>name' per line after the header. */
function gimpPalette(kit: KitContext): string {
  const rows = kit.listedColors.map(
    (color) =>
      `${String(color.rgb.r).padStart(3)} ${String(color.rgb.g).padStart(3)} ${String(color.rgb.b).padStart(3)}\t${swatchName(color)}`,
  );
  return [
    'GIMP Palette',
    `Name: ${singleLine(kit.name)}`,
    `Columns: ${Math.min(kit.listedColors.length, 8)}`,
    '#',
    ...rows,
    '',
  ].join('\n');
}

export function paletteFiles(kit: KitContext): KitFile[] {
  const swatches = kit.listedColors.map((color) => ({ name: swatchName(color), hex: color.hex }));
  return [
    {
      path: 'palette/palette.json',
      data: Buffer.from(paletteJson(kit)),
      purpose:
        'Every color in HEX, RGB, HSL and approximate CMYK, brand colors first, with its share of the logo, and any gradients as ramps of them.',
    },
    {
      path: 'palette/palette.css',
      data: Buffer.from(paletteCss(kit)),
      purpose: 'CSS custom properties (--brand-primary, ...) to import in a website.',
    },
    {
      path: `palette/${kit.slug}.ase`,
      data: writeAse(singleLine(kit.name), swatches),
      purpose: 'Adobe Swatch Exchange: load into Illustrator, Photoshop, InDesign or Affinity.',
    },
    {
      path: `palette/${kit.slug}.gpl`,
      data: Buffer.from(gimpPalette(kit)),
      purpose: 'GIMP palette, also read by Inkscape and Krita.',
    },
  ];
}
