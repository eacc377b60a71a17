/**
 * android/: launcher icons for every density (legacy and adaptive) and the
 * Play Store icon. Adaptive icons are 108 dp layers that the launcher
 * masks to its own shape; only the central 66 dp circle is sure to be shown.
 * A themed home screen (Android 13+) draws the monochrome layer instead, in its own colors.
 */
import type { KitContext } from './context.js';
import { iconDrawing, type IconStyle } from './drawings.js';
import type { KitFile } from './kit-file.js';

/** Pixels per dp at each density bucket. */
const DENSITIES = [
  { bucket: 'mdpi', scale: 1 },
  { bucket: 'hdpi', scale: 1.5 },
  { bucket: 'xhdpi', scale: 2 },
  { bucket: 'xxhdpi', scale: 3 },
  { bucket: 'xxxhdpi', scale: 4 },
] as const;

const LAUNCHER_DP = 48;
const ADAPTIVE_LAYER_DP = 108;
/** Launchers may mask the layer to any shape, but always show its central circle of this diameter. */
const ADAPTIVE_SAFE_DP = 66;
const PLAY_STORE_ICON_PX = 512;

/** The mark covers 72% of the tile, which is 44 of the icon's 48 dp. */
const LEGACY_LAUNCHER: IconStyle = { backdrop: 'rounded-tile', room: { box: 0.66 } };
const ADAPTIVE_FOREGROUND: IconStyle = {
  backdrop: 'none',
  room: { circle: ADAPTIVE_SAFE_DP / ADAPTIVE_LAYER_DP },
  overBackgroundLayer: true,
};
const ADAPTIVE_BACKGROUND: IconStyle = { backdrop: 'square', room: null };
/** Android 13 themed icons: the launcher tints this layer with the wallpaper's colors, so one color is enough. */
const ADAPTIVE_MONOCHROME: IconStyle = { ...ADAPTIVE_FOREGROUND, oneColor: true };
/** Google Play rounds the corners itself: a full square with the logo clear of them. */
const PLAY_STORE: IconStyle = { backdrop: 'square', room: { box: 0.75 } };

const ADAPTIVE_XML = `<?xml version="1.0" encoding="utf-8"?>
<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
    <background android:drawable="@mipmap/ic_launcher_background" />
    <foreground android:drawable="@mipmap/ic_launcher_foreground" />
    <monochrome android:drawable="@mipmap/ic_launcher_monochrome" />
</adaptive-icon>
`;

interface Layer {
  file: string;
  dp: number;
  style: IconStyle;
  purpose: string;
}

const LAYERS: readonly Layer[] = [
  {
    file: 'ic_launcher.png',
    dp: LAUNCHER_DP,
    style: LEGACY_LAUNCHER,
    purpose: 'Launcher icon for Android 7 and older',
  },
  {
    file: 'ic_launcher_foreground.png',
    dp: ADAPTIVE_LAYER_DP,
    style: ADAPTIVE_FOREGROUND,
    purpose: 'Adaptive icon foreground layer (the mark)',
  },
  {
    file: 'ic_launcher_background.png',
    dp: ADAPTIVE_LAYER_DP,
    style: ADAPTIVE_BACKGROUND,
    purpose: 'Adaptive icon background layer (the background color)',
  },
  {
    file: 'ic_launcher_monochrome.png',
    dp: ADAPTIVE_LAYER_DP,
    style: ADAPTIVE_MONOCHROME,
    purpose: 'Themed icon layer (Android 13+): the mark in one color, tinted by the launcher',
  },
];

export async function androidFiles(kit: KitContext): Promise<KitFile[]> {
  const jobs = DENSITIES.flatMap(({ bucket, scale }) =>
    LAYERS.map(async (layer): Promise<KitFile> => {
      const pixels = layer.dp * scale;
      return {
        path: `android/mipmap-${bucket}/${layer.file}`,
        data: await kit.rasterize(iconDrawing(kit, pixels, layer.style)),
        purpose: `${layer.purpose}, ${bucket}: ${pixels} x ${pixels} px.`,
      };
    }),
  );
  const [playStore, ...mipmaps] = await Promise.all([
    kit.rasterize(iconDrawing(kit, PLAY_STORE_ICON_PX, PLAY_STORE)),
    ...jobs,
  ]);
  return [
    ...mipmaps,
    {
      path: 'android/mipmap-anydpi-v26/ic_launcher.xml',
      data: Buffer.from(ADAPTIVE_XML),
      purpose:
        'Adaptive icon definition (Android 8+) combining the foreground and background layers, and the monochrome layer of themed icons (Android 13+).',
    },
    {
      path: `android/play-store-icon-${PLAY_STORE_ICON_PX}x${PLAY_STORE_ICON_PX}.png`,
      data: playStore,
      purpose: 'Google Play Store listing icon, 512 x 512 px.',
    },
  ];
}
