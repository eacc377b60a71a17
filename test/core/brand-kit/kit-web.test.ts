/**
 * web/: favicon.ico's three images in order, the manifest (plain and maskable icons apart) and head.html
 * pointing only at files that exist, maskable safe zone.
 */
import t, { type Test } from 'tap';

import { ICON_COLORS } from '../../helpers/images.js';
import { buildAndUnpack, decode, pixelAt, tracedLogo, type Decoded } from '../../helpers/kit.js';

const BACKGROUND = '#1f6f5c';
const kit = await buildAndUnpack(await tracedLogo({ layout: 'icon', palette: ICON_COLORS }), {
  name: 'Kubernetes project',
  backgroundColor: BACKGROUND,
});
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

t.test('favicon.ico holds 48, 32 and 16 px PNG images, in that order', async (t) => {
  const ico = kit.file('web/favicon.ico');
  t.same(
    [ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)],
    [0, 1, 3],
    'reserved 0, type icon, three images',
  );
  const sizes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const entry = 6 + i * 16;
    const [width, height] = [ico.readUInt8(entry), ico.readUInt8(entry + 1)];
    const [bytes, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
    const png = ico.subarray(offset, offset + bytes);
    t.same(png.subarray(0, 8), PNG_SIGNATURE, `image ${i} is a PNG`);
    const image = await decode(png);
    t.same([image.width, image.height], [width, height], `image ${i}: directory and PNG agree`);
    t.equal(ico.readUInt16LE(entry + 6), 32, 'declared 32 bits per pixel');
    sizes.push(width);
  }
  t.same(sizes, [48, 32, 16]);
});

t.test(
  'site.webmanifest has the required members and only icons that are in the ZIP, at their stated size',
  async (t) => {
    const manifest = JSON.parse(kit.text('web/site.webmanifest')) as Record<string, unknown>;
    t.equal(manifest.name, 'Kubernetes project');
    t.equal(manifest.short_name, 'Kubernetes p', 'short_name is cut to 12 characters');
    t.equal(manifest.display, 'standalone');
    t.equal(manifest.background_color, BACKGROUND);
    t.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    t.same(
      icons.map((icon) => `${icon.sizes} ${icon.purpose}`),
      ['192x192 any', '512x512 any', '512x512 maskable'],
      'plain icons and a maskable one, each purpose listed apart',
    );
    for (const icon of icons) {
      const image = await decode(kit.file(`web${icon.src}`));
      t.equal(`${image.width}x${image.height}`, icon.sizes, `${icon.src} is ${icon.sizes}`);
      t.equal(icon.type, 'image/png');
      t.equal(image.hasAlpha, icon.purpose === 'any', `${icon.src}: transparent only when shown as drawn`);
    }
  },
);

t.test('head.html links only files of web/', async (t) => {
  const head = kit.text('web/head.html');
  const hrefs = [...head.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
  t.same(hrefs.sort(), [
    '/apple-touch-icon.png',
    '/favicon-96x96.png',
    '/favicon.ico',
    '/favicon.svg',
    '/site.webmanifest',
  ]);
  for (const href of hrefs) t.ok(kit.files.has(`web${href}`), `${href} exists`);
  t.match(head, `<meta name="theme-color" content="`);
});

function outsideCircleIsBackground(t: Test, image: Decoded, radiusShare: number, label: string): void {
  const r = image.width * radiusShare;
  const c = (image.width - 1) / 2;
  let stray = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (Math.hypot(x - c, y - c) > r && pixelAt(image, x, y).hex !== BACKGROUND) stray += 1;
    }
  }
  t.equal(stray, 0, `${label}: nothing but the background outside the safe circle`);
}

t.test(
  'the maskable icon keeps the logo inside the central safe circle (radius 40%), on the background color',
  async (t) => {
    const image = await decode(kit.file('web/icon-maskable-512x512.png'));
    t.equal(image.hasAlpha, false, 'opaque');
    outsideCircleIsBackground(t, image, 0.4, '512 px');
    // The middle is the badge's hole (its white circle, cut out on this dark background); the badge is around it.
    t.not(pixelAt(image, 256, Math.round(512 * 0.3)).hex, BACKGROUND, 'the mark is in the middle');
  },
);

t.test('the apple-touch icon is opaque, the favicons transparent around the logo', async (t) => {
  t.equal((await decode(kit.file('web/apple-touch-icon.png'))).hasAlpha, false);
  const favicon = await decode(kit.file('web/favicon-96x96.png'));
  t.equal(favicon.hasAlpha, true);
  t.equal(pixelAt(favicon, 0, 0).alpha, 0, 'the corner is transparent');
});

t.test(
  'the adaptive icon foreground keeps the logo in the 66 dp safe zone; the background layer is the background color',
  async (t) => {
    const foreground = await decode(kit.file('android/mipmap-xxxhdpi/ic_launcher_foreground.png'));
    const r = foreground.width * (33 / 108);
    const c = (foreground.width - 1) / 2;
    let stray = 0;
    for (let y = 0; y < foreground.height; y++) {
      for (let x = 0; x < foreground.width; x++)
        if (Math.hypot(x - c, y - c) > r && pixelAt(foreground, x, y).alpha !== 0) stray += 1;
    }
    t.equal(stray, 0, 'transparent outside the safe zone');
    const background = await decode(kit.file('android/mipmap-xxxhdpi/ic_launcher_background.png'));
    t.same(pixelAt(background, 5, 5), { hex: BACKGROUND, alpha: 255 });
    t.same(pixelAt(background, 216, 216), { hex: BACKGROUND, alpha: 255 });
  },
);
