/** brand-guide.html: the PDF's content as one self-contained page (inline CSS and SVG, nothing fetched). */
import { mostContrasting } from '../color.js';
import { escapeXml } from '../escape.js';
import { FONT_FAMILY } from '../fonts.js';
import { figureSvg } from './figure-svg.js';
import { contrastLine, contrastsOf, GUIDE_COLORS, type GuideContent, type Section } from './guide-content.js';
import { logoFigure, panelPairs, usageExamples, type PanelPair } from './guide-figures.js';
import { formatStops, linearGradientCss, swatchText, type ListedColor, type PaletteGradient } from './palette.js';

const C = GUIDE_COLORS;
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:"${FONT_FAMILY}",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${C.ink};background:${C.panel};line-height:1.5}
main{max-width:1040px;margin:0 auto;padding:32px 24px 64px}
section{background:${C.light};border-radius:12px;padding:40px;margin:0 0 24px}
h1{font-size:40px;margin:24px 0 4px;text-align:center}
h2{font-size:26px;margin:0 0 12px}
p{max-width:46em;margin:0 0 10px}
.subtitle{text-align:center;color:${C.muted};margin:0 0 24px}
.cover-logo svg{display:block;width:100%;height:280px}
.strip{display:flex;height:28px;border-radius:6px;overflow:hidden;margin-top:32px;border:1px solid ${C.rule}}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:20px;margin-top:20px}
.grid{display:grid;grid-template-columns:repeat(4,1fr);gap:20px;margin-top:20px}
figure{margin:0}
figure svg{display:block;width:100%;height:auto;border-radius:6px}
figcaption{font-size:13px;color:${C.muted};margin-top:6px}
.swatch{height:120px;border-radius:6px;border:1px solid ${C.rule};padding:8px;font-weight:bold;font-size:13px}
.color h3{font-size:15px;margin:8px 0 2px}.color .brand{font-size:13px;font-weight:bold;margin:0 0 2px}
.color dl{display:grid;grid-template-columns:auto 1fr;gap:0 8px;margin:0;font-size:13px}
.color dt{color:${C.muted}}.color dd{margin:0;font-family:ui-monospace,Menlo,Consolas,monospace}
.contrast{list-style:none;padding:0;margin:8px 0 0;font-size:12px}
.contrast .pass{color:${C.good}}.contrast .fail{color:${C.bad}}
.ramps{display:grid;grid-template-columns:1fr 1fr;gap:20px;margin-top:20px}
.ramp .bar{height:48px;border-radius:6px;border:1px solid ${C.rule}}
.ramp h3{font-size:15px;margin:8px 0 2px}.ramp p{font-size:13px;margin:0}
@media (max-width:720px){.pair{grid-template-columns:1fr}.grid{grid-template-columns:1fr 1fr}section{padding:24px}}
`;

function sectionHead(section: Section): string {
  return `<h2>${escapeXml(section.title)}</h2>${section.paragraphs.map((p) => `<p>${escapeXml(p)}</p>`).join('')}`;
}

function pairMarkup(content: GuideContent, pair: PanelPair): string {
  const figures = pair.map(
    ({ figure, caption }) =>
      `<figure>${figureSvg(figure, content.art, caption)}<figcaption>${escapeXml(caption)}</figcaption></figure>`,
  );
  return `<div class="pair">${figures.join('')}</div>`;
}

function colorMarkup(color: ListedColor): string {
  const { rgb, cmyk, hsl } = color;
  const rows: [string, string][] = [
    ['HEX', color.hex.toUpperCase()],
    ['RGB', `${rgb.r} ${rgb.g} ${rgb.b}`],
    ['CMYK', `${cmyk.c} ${cmyk.m} ${cmyk.y} ${cmyk.k}`],
    ['HSL', `${hsl.h} ${hsl.s}% ${hsl.l}%`],
  ];
  const textColor = mostContrasting(color.hex, [C.ink, C.light]);
  const verdict = (pass: boolean) => `<span class="${pass ? 'pass' : 'fail'}">${pass ? 'pass' : 'fail'}</span>`;
  const contrasts = contrastsOf(color.hex).map((contrast) => `<li>${contrastLine(contrast, verdict)}</li>`);
  return `<div class="color"><div class="swatch" style="background:${color.hex};color:${textColor}">${swatchText(color)}</div><h3>${escapeXml(color.name)}</h3>${
    color.brand ? '<p class="brand">Brand color</p>' : ''
  }<dl>${rows
    .map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`)
    .join('')}</dl><ul class="contrast">${contrasts.join('')}</ul></div>`;
}

/** A gradient as a bar running left to right through its stops. */
function gradientMarkup(gradient: PaletteGradient): string {
  return `<div class="ramp"><div class="bar" style="background:${linearGradientCss(gradient.stops, 90)}"></div><h3>${escapeXml(gradient.name)}</h3><p>${escapeXml(formatStops(gradient))}</p></div>`;
}

function usageMarkup(content: GuideContent): string {
  const cards = usageExamples(content).map(
    ({ figure, caption }) =>
      `<figure>${figureSvg(figure, content.art, caption)}<figcaption>${escapeXml(caption)}</figcaption></figure>`,
  );
  return `<div class="grid">${cards.join('')}</div>`;
}

export function brandGuideHtml(content: GuideContent): string {
  const name = escapeXml(content.name);
  const panels = panelPairs(content);
  const cover = logoFigure(content, { width: 800, height: 280 });
  const strip = content.palette
    .map((color) => `<span style="flex:${color.share.toFixed(4)};background:${color.hex}"></span>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}: brand guidelines</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<section><div class="cover-logo">${figureSvg(cover, content.art, content.name)}</div><h1>${name}</h1><p class="subtitle">Brand guidelines</p><div class="strip">${strip}</div></section>
<section>${sectionHead(content.logo)}${pairMarkup(content, panels.logo)}</section>
<section>${sectionHead(content.markSection)}${pairMarkup(content, panels.mark)}</section>
<section>${sectionHead(content.space)}${pairMarkup(content, panels.space)}</section>
<section>${sectionHead(content.colors)}<div class="grid">${content.listedColors.map(colorMarkup).join('')}</div>${
    content.gradients.length > 0 ? `<div class="ramps">${content.gradients.map(gradientMarkup).join('')}</div>` : ''
  }</section>
<section>${sectionHead(content.mono)}${pairMarkup(content, panels.mono)}</section>
<section>${sectionHead(content.usage)}${usageMarkup(content)}</section>
</main>
</body>
</html>
`;
}
