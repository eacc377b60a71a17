/** The package's programmatic API as a Node user calls it: vectorize, buildBrandKit and renderPng from the entry module. */
import sharp from 'sharp';
import t from 'tap';

import {
  buildBrandKit,
  DEFAULT_SETTINGS,
  RENDER_MAX_SIDE_PX,
  renderPng,
  ServiceError,
  vectorize,
} from '../../src/index.js';
import { drawnLogo, FOUR_COLORS } from '../helpers/images.js';
import { unzip } from '../helpers/kit.js';

const logo = await drawnLogo({ palette: FOUR_COLORS });

t.test('vectorize returns the SVG, its exact palette, its size, the warning and the crop offset', async (t) => {
  const result = await vectorize(logo.image);
  t.same(Object.keys(result).sort(), ['gradients', 'height', 'palette', 'sourceOffset', 'svg', 'warning', 'width']);
  t.same([...result.palette].sort(), [...logo.palette].sort(), 'the drawn colors, exactly');
  t.same(result.gradients, [], 'flat colors, no gradient');
  t.same([result.width, result.height], [logo.content.width, logo.content.height], 'trimmed to the shapes by default');
  t.same(result.sourceOffset, { x: logo.content.x, y: logo.content.y }, 'where the crop sits in the image');
  t.match(result.svg, new RegExp(`^<svg[^>]* width="${result.width}" height="${result.height}"`));
  t.type(result.warning, 'string');

  const whole = await vectorize(logo.image, { trim: false, colors: 2 });
  t.same([whole.width, whole.height], [logo.width, logo.height], 'settings reach the engine');
  t.equal(whole.palette.length, 2);
  t.same(whole.sourceOffset, { x: 0, y: 0 });
  t.equal(DEFAULT_SETTINGS.trim, true, 'the defaults are exported as the engine applies them');
});

t.test('vectorize rejects with a ServiceError whose code says why', async (t) => {
  await t.rejects(vectorize(Buffer.from('plain text')), { name: 'ServiceError', code: 'UNSUPPORTED_FORMAT' });
  await t.rejects(vectorize(logo.image, { smoothing: 500 }), { code: 'INVALID_OPTION' });
  const controller = new AbortController();
  controller.abort();
  const error = await vectorize(logo.image, {}, { signal: controller.signal }).catch((e: unknown) => e);
  t.ok(error instanceof ServiceError && error.code === 'ABORTED', 'an aborted signal cancels the trace');
});

t.test('renderPng draws exactly `width` pixels wide, the height following the aspect', async (t) => {
  const { svg, width, height } = await vectorize(logo.image);
  for (const wanted of [8, 64, 333, 2 * width]) {
    const meta = await sharp(await renderPng(svg, wanted)).metadata();
    t.equal(meta.format, 'png');
    t.equal(meta.width, wanted, `${wanted} px wide`);
    t.ok(Math.abs(meta.height - (wanted * height) / width) <= 1, `${meta.height} px tall keeps the aspect`);
    t.ok(meta.hasAlpha, 'on a transparent background');
  }
});

t.test('renderPng refuses a width or an SVG it cannot draw, before drawing', async (t) => {
  const { svg } = await vectorize(logo.image);
  for (const width of [0, -5, 12.5, Number.NaN, RENDER_MAX_SIDE_PX + 1]) {
    await t.rejects(
      renderPng(svg, width),
      { code: 'UNPROCESSABLE', message: /width must be a whole number/ },
      `${width}`,
    );
  }
  const tall =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 1000"><path fill="#000000" d="M0 0h10v1000H0z"/></svg>';
  await t.rejects(
    renderPng(tall, 100),
    { code: 'UNPROCESSABLE', message: /10000 px tall/ },
    'the height is bounded too',
  );
  await t.rejects(renderPng(svg, 1), { code: 'UNPROCESSABLE', message: /less than 1 px tall/ }, 'a wide logo at 1 px');
  const viewBoxOnly = await sharp(await renderPng(tall, 5)).metadata();
  t.same([viewBoxOnly.width, viewBoxOnly.height], [5, 500], 'an SVG sized by its viewBox alone draws');
  await t.rejects(renderPng('not an svg', 100), { code: 'UNPROCESSABLE', message: /not an SVG document/ });
});

t.test('buildBrandKit: the ZIP of the logo, with the defaults and the palette it is given', async (t) => {
  const { svg, palette } = await vectorize(logo.image);
  const files = unzip(await buildBrandKit(svg, palette));
  const json = JSON.parse(files.get('palette/palette.json')!.toString('utf8')) as {
    name: string;
    background_color: string;
    colors: { hex: string }[];
  };
  t.equal(json.name, 'Your brand', 'the default name');
  t.equal(json.background_color, '#ffffff', 'the default background');
  t.same(json.colors.map((c) => c.hex).sort(), [...palette].sort(), 'every palette color is in the kit');
  t.equal(files.get('brand-guide/brand-guide.pdf')?.subarray(0, 5).toString('latin1'), '%PDF-', 'with its PDF guide');

  const dropped = palette[palette.length - 1]!;
  const kept = palette.filter((c) => c !== dropped);
  const smaller = unzip(await buildBrandKit(svg, kept, { name: 'Acme', backgroundColor: '#0A0A0A' }));
  const named = JSON.parse(smaller.get('palette/palette.json')!.toString('utf8')) as typeof json;
  t.equal(named.name, 'Acme');
  t.equal(named.background_color, '#0a0a0a', 'the color is lower-cased');
  t.same(named.colors.map((c) => c.hex).sort(), [...kept].sort(), 'a color left out of the palette is left out');
  for (const [path, data] of smaller) {
    if (path.endsWith('.svg')) t.notOk(data.toString('utf8').includes(dropped), `${path} has no ${dropped}`);
  }
});

t.test('buildBrandKit refuses what it cannot build with an UNPROCESSABLE ServiceError', async (t) => {
  const { svg, palette } = await vectorize(logo.image);
  await t.rejects(buildBrandKit(svg, ['red']), { code: 'UNPROCESSABLE', message: /palette colors must be #rrggbb/ });
  await t.rejects(buildBrandKit(svg, ['#123456']), { code: 'UNPROCESSABLE', message: /none of the palette colors/ });
  await t.rejects(buildBrandKit(svg, palette, { name: 'x'.repeat(81) }), { code: 'UNPROCESSABLE' });
  await t.rejects(buildBrandKit('<svg/>', palette), {
    code: 'UNPROCESSABLE',
    message: /give an SVG that vectorize made/,
  });
});
