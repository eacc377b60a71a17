/** ios/ and android/: Contents.json names only files in the set, every size it names is there, no alpha on iOS. */
import t from 'tap';

import { ICON_COLORS } from '../../helpers/images.js';
import { buildAndUnpack, decode, pixelAt, tracedLogo } from '../../helpers/kit.js';

const kit = await buildAndUnpack(await tracedLogo({ layout: 'icon', palette: ICON_COLORS }), {
  name: 'Fedora',
  backgroundColor: '#ffffff',
});
const SET = 'ios/AppIcon.appiconset';

interface AppIconImage {
  filename: string;
  idiom: string;
  scale: string;
  size: string;
}

t.test(
  'Contents.json references only files of the set, each at size x scale pixels, incl. the 1024 marketing icon',
  async (t) => {
    const contents = JSON.parse(kit.text(`${SET}/Contents.json`)) as {
      images: AppIconImage[];
      info: { author: string; version: number };
    };
    t.same(contents.info, { author: 'xcode', version: 1 });
    const idioms = new Set(contents.images.map((image) => image.idiom));
    t.same([...idioms].sort(), ['ios-marketing', 'ipad', 'iphone']);
    t.ok(
      contents.images.some((i) => i.idiom === 'ios-marketing' && i.size === '1024x1024' && i.scale === '1x'),
      'App Store icon',
    );
    t.ok(
      contents.images.some((i) => i.idiom === 'iphone' && i.size === '60x60' && i.scale === '3x'),
      'iPhone home screen @3x',
    );
    t.ok(
      contents.images.some((i) => i.idiom === 'ipad' && i.size === '83.5x83.5' && i.scale === '2x'),
      'iPad Pro',
    );
    for (const image of contents.images) {
      const points = Number(image.size.split('x')[0]);
      const pixels = points * Number.parseInt(image.scale, 10);
      const decoded = await decode(kit.file(`${SET}/${image.filename}`));
      t.same(
        [decoded.width, decoded.height],
        [pixels, pixels],
        `${image.idiom} ${image.size}@${image.scale} -> ${image.filename}`,
      );
    }
    const named = new Set(contents.images.map((image) => `${SET}/${image.filename}`));
    const inSet = [...kit.files.keys()].filter((path) => path.startsWith(`${SET}/`) && path.endsWith('.png'));
    t.same(
      inSet.filter((path) => !named.has(path)),
      [],
      'no PNG in the set that Contents.json does not name',
    );
  },
);

t.test('iOS icons have no alpha channel (RGB PNGs)', async (t) => {
  for (const [path, data] of kit.files) {
    if (!path.startsWith(`${SET}/`) || !path.endsWith('.png')) continue;
    const image = await decode(data);
    t.equal(image.hasAlpha, false, `${path} has no alpha`);
    t.equal(image.channels, 3, `${path} is RGB`);
    t.equal(data.readUInt8(25), 2, `${path}: PNG color type 2 (truecolor, no alpha)`);
  }
});

t.test('the adaptive icon XML points at layers present at every density', async (t) => {
  const xml = kit.text('android/mipmap-anydpi-v26/ic_launcher.xml');
  t.match(xml, /<adaptive-icon xmlns:android="http:\/\/schemas.android.com\/apk\/res\/android">/);
  const drawables = [...xml.matchAll(/android:drawable="@mipmap\/(\w+)"/g)].map((m) => m[1]!);
  t.same(drawables.sort(), ['ic_launcher_background', 'ic_launcher_foreground', 'ic_launcher_monochrome']);
  t.match(
    xml,
    /<monochrome android:drawable="@mipmap\/ic_launcher_monochrome" \/>/,
    'a themed icon layer (Android 13+)',
  );
  for (const density of ['mdpi', 'hdpi', 'xhdpi', 'xxhdpi', 'xxxhdpi']) {
    for (const name of drawables)
      t.ok(kit.files.has(`android/mipmap-${density}/${name}.png`), `${density}/${name}.png`);
  }
});

t.test('the monochrome layer is the mark in one color on transparency, inside the 66 dp safe circle', async (t) => {
  const image = await decode(kit.file('android/mipmap-xxxhdpi/ic_launcher_monochrome.png'));
  const [r, c] = [image.width * (33 / 108), (image.width - 1) / 2];
  const inks = new Set<string>();
  let outside = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const { hex, alpha } = pixelAt(image, x, y);
      if (alpha === 255) inks.add(hex);
      if (alpha !== 0 && Math.hypot(x - c, y - c) > r) outside += 1;
    }
  }
  t.same([...inks], ['#000000'], 'one color');
  t.equal(outside, 0, 'nothing outside the safe circle');
});

t.test('the Play Store icon is 512 px and fully opaque', async (t) => {
  const image = await decode(kit.file('android/play-store-icon-512x512.png'));
  t.same([image.width, image.height], [512, 512]);
  let transparent = 0;
  for (let i = 3; i < image.data.length; i += image.channels)
    if (image.channels === 4 && image.data[i] !== 255) transparent += 1;
  t.equal(transparent, 0);
});
