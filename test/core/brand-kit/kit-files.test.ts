/** The ZIP holds exactly the files of issue 5, by category, each decoding at the size its name says. */
import t from 'tap';

import { parseLogoArt } from '../../../src/core/logo-art.js';
import { buildAndUnpack, decode, pixelAt, tracedLogo } from '../../helpers/kit.js';

const logo = await tracedLogo();
const kit = await buildAndUnpack(logo, { name: 'Apigee', backgroundColor: '#ffffff' });

const EXPECTED = [
  'README.txt',
  'logo/apigee.svg',
  'logo/apigee-on-dark.svg',
  'logo/mark.svg',
  'logo/apigee-mono-dark.svg',
  'logo/apigee-mono-light.svg',
  'logo/apigee-256.png',
  'logo/apigee-512.png',
  'logo/apigee-1024.png',
  'logo/apigee-2048.png',
  'logo/apigee-on-background.png',
  ...['', '-mono-dark', '-mono-light'].flatMap((variant) => [`logo/apigee${variant}.pdf`, `logo/apigee${variant}.eps`]),
  'palette/palette.json',
  'palette/palette.css',
  'palette/apigee.ase',
  'palette/apigee.gpl',
  'brand-guide/brand-guide.pdf',
  'brand-guide/brand-guide.html',
  'web/favicon.ico',
  'web/favicon.svg',
  'web/favicon-96x96.png',
  'web/apple-touch-icon.png',
  'web/icon-192x192.png',
  'web/icon-512x512.png',
  'web/icon-maskable-512x512.png',
  'web/site.webmanifest',
  'web/head.html',
  'ios/AppIcon.appiconset/Contents.json',
  ...[20, 29, 40, 58, 60, 76, 80, 87, 120, 152, 167, 180, 1024].map(
    (px) => `ios/AppIcon.appiconset/AppIcon-${px}x${px}.png`,
  ),
  ...['mdpi', 'hdpi', 'xhdpi', 'xxhdpi', 'xxxhdpi'].flatMap((d) =>
    ['ic_launcher.png', 'ic_launcher_foreground.png', 'ic_launcher_background.png', 'ic_launcher_monochrome.png'].map(
      (f) => `android/mipmap-${d}/${f}`,
    ),
  ),
  'android/mipmap-anydpi-v26/ic_launcher.xml',
  'android/play-store-icon-512x512.png',
  'social/open-graph-1200x630.png',
  'social/x-header-1500x500.png',
  'social/x-card-1200x600.png',
  'social/linkedin-banner-1584x396.png',
  'social/youtube-banner-2560x1440.png',
  'social/facebook-cover-851x315.png',
  'social/avatar-400x400.png',
  'mockups/cap-light.jpg',
  'mockups/cap-dark.jpg',
  'mockups/tshirt-light.jpg',
  'mockups/tshirt-dark.jpg',
];

t.test('the ZIP holds exactly the listed files, folders by category, README first', async (t) => {
  t.same([...kit.files.keys()].sort(), [...EXPECTED].sort());
  t.equal([...kit.files.keys()][0], 'README.txt');
});

t.test('README.txt names every file of the kit with what it is for', async (t) => {
  const readme = kit.text('README.txt');
  for (const path of kit.files.keys()) {
    const line = readme.split('\n').find((l) => l.trim().startsWith(`${path} `));
    t.ok(line && line.trim().length > path.length + 10, `${path} is listed with a purpose`);
  }
});

t.test('every PNG and JPEG decodes, at the size its name or folder says', async (t) => {
  const art = parseLogoArt(logo.svg);
  const density = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 } as const;
  for (const [path, data] of kit.files) {
    if (!/\.(png|jpg)$/.test(path)) continue;
    const image = await decode(data);
    t.equal(image.data.length, image.width * image.height * image.channels, `${path} decodes`);
    const size = [image.width, image.height];
    const named = /(\d+)x(\d+)\.png$/.exec(path);
    const longSide = /-(\d+)\.png$/.exec(path);
    const mipmap = /mipmap-(\w+)\/(ic_launcher\w*)\.png$/.exec(path);
    if (named) t.same(size, [Number(named[1]), Number(named[2])], `${path} is ${named[1]}x${named[2]}`);
    else if (longSide) {
      const side = Number(longSide[1]);
      t.equal(Math.max(...size), side, `${path}: ${side} px on the long side`);
      t.ok(
        Math.abs(image.height / image.width - art.height / art.width) < 0.01,
        `${path} keeps the logo's aspect ratio`,
      );
    } else if (mipmap) {
      const dp = mipmap[2] === 'ic_launcher' ? 48 : 108;
      const px = dp * density[mipmap[1] as keyof typeof density];
      t.same(size, [px, px], `${path} is ${dp} dp = ${px} px`);
    } else if (path === 'web/apple-touch-icon.png') t.same(size, [180, 180], path);
    else if (path.startsWith('mockups/')) {
      t.same(size, [1200, 1200], path);
      t.equal(data.subarray(0, 3).toString('hex'), 'ffd8ff', `${path} is a JPEG`);
    } else if (path.endsWith('-on-background.png'))
      t.ok(image.width > 1024 && !image.hasAlpha, `${path}: logo at 1024 px plus clear space, opaque`);
    else t.fail(`no size rule for ${path}`);
  }
});

t.test('the SVG variants: the logo itself, all black, all white', async (t) => {
  const color = parseLogoArt(kit.text('logo/apigee.svg'));
  t.same(color.paths, parseLogoArt(logo.svg).paths, 'the master SVG draws the traced paths');
  const fills = (path: string) => new Set(parseLogoArt(kit.text(path)).paths.map((p) => p.fill));
  t.same([...fills('logo/apigee-mono-dark.svg')], ['#000000']);
  t.same([...fills('logo/apigee-mono-light.svg')], ['#ffffff']);
  for (const path of [
    'logo/apigee.svg',
    'logo/apigee-mono-dark.svg',
    'logo/apigee-mono-light.svg',
    'web/favicon.svg',
  ]) {
    const image = await decode(kit.file(path));
    t.ok(image.width > 0 && image.height > 0, `${path} renders`);
  }
});

t.test('the logo on the background color is opaque and shows the background around the logo', async (t) => {
  const image = await decode(kit.file('logo/apigee-on-background.png'));
  t.same(pixelAt(image, 0, 0), { hex: '#ffffff', alpha: 255 }, 'the corner is the background color');
  t.same(pixelAt(image, image.width - 1, image.height - 1), { hex: '#ffffff', alpha: 255 });
});
