/**
 * ios/AppIcon.appiconset: the asset catalog Xcode reads, with every size of
 * iPhone, iPad and the App Store (1024 px "ios-marketing"). App icons may not
 * have an alpha channel: Apple rejects them, so the PNGs are RGB.
 */
import type { KitContext } from './context.js';
import { iconDrawing, type IconStyle } from './drawings.js';
import type { KitFile } from './kit-file.js';

interface AppIconSlot {
  idiom: 'iphone' | 'ipad' | 'ios-marketing';
  /** Points. */
  size: number;
  scale: 1 | 2 | 3;
}

const APP_ICON_SLOTS: readonly AppIconSlot[] = [
  { idiom: 'iphone', size: 20, scale: 2 },
  { idiom: 'iphone', size: 20, scale: 3 },
  { idiom: 'iphone', size: 29, scale: 2 },
  { idiom: 'iphone', size: 29, scale: 3 },
  { idiom: 'iphone', size: 40, scale: 2 },
  { idiom: 'iphone', size: 40, scale: 3 },
  { idiom: 'iphone', size: 60, scale: 2 },
  { idiom: 'iphone', size: 60, scale: 3 },
  { idiom: 'ipad', size: 20, scale: 1 },
  { idiom: 'ipad', size: 20, scale: 2 },
  { idiom: 'ipad', size: 29, scale: 1 },
  { idiom: 'ipad', size: 29, scale: 2 },
  { idiom: 'ipad', size: 40, scale: 1 },
  { idiom: 'ipad', size: 40, scale: 2 },
  { idiom: 'ipad', size: 76, scale: 1 },
  { idiom: 'ipad', size: 76, scale: 2 },
  { idiom: 'ipad', size: 83.5, scale: 2 },
  { idiom: 'ios-marketing', size: 1024, scale: 1 },
];

/** iOS masks icons to a rounded square; a mark within the central 75% is never clipped and does not feel cramped. */
const APP_ICON: IconStyle = { backdrop: 'square', room: { box: 0.75 } };
const FOLDER = 'ios/AppIcon.appiconset';

const pixelsOf = (slot: AppIconSlot) => slot.size * slot.scale;
const fileNameFor = (pixels: number) => `AppIcon-${pixels}x${pixels}.png`;

function contentsJson(): string {
  const images = APP_ICON_SLOTS.map((slot) => ({
    filename: fileNameFor(pixelsOf(slot)),
    idiom: slot.idiom,
    scale: `${slot.scale}x`,
    size: `${slot.size}x${slot.size}`,
  }));
  return `${JSON.stringify({ images, info: { author: 'xcode', version: 1 } }, null, 2)}\n`;
}

export async function iosFiles(kit: KitContext): Promise<KitFile[]> {
  // Slots of the same pixel size share one file, as Xcode itself does.
  const sizes = [...new Set(APP_ICON_SLOTS.map(pixelsOf))].sort((a, b) => a - b);
  const icons = await Promise.all(
    sizes.map(async (pixels): Promise<KitFile> => ({
      path: `${FOLDER}/${fileNameFor(pixels)}`,
      data: await kit.rasterize(iconDrawing(kit, pixels, APP_ICON), { opaque: true }),
      purpose:
        pixels === 1024
          ? 'App Store (marketing) icon, 1024 x 1024 px, no alpha.'
          : `App icon, ${pixels} x ${pixels} px, no alpha.`,
    })),
  );
  return [
    {
      path: `${FOLDER}/Contents.json`,
      data: Buffer.from(contentsJson()),
      purpose: 'Asset catalog index: drag AppIcon.appiconset into Assets.xcassets in Xcode.',
    },
    ...icons,
  ];
}
