/**
 * brand-guide.pdf: A4 landscape, vector throughout (the logo is drawn from its
 * paths), DejaVu Sans embedded as a subset. The creation date and so the
 * document ID are fixed, which keeps the file identical from build to build.
 * pdfkit works on the JS thread, so the event loop gets a turn between pages.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

import { mostContrasting } from '../color.js';
import { parsedFont } from '../fonts.js';
import { PDF_FONT, PdfFigureDrawer } from './figure-pdf.js';
import { contrastLine, contrastsOf, GUIDE_COLORS, type GuideContent, type Section } from './guide-content.js';
import { logoFigure, panelPairs, usageExamples, type PanelPair } from './guide-figures.js';
import { formatStops, swatchText, type ListedColor, type PaletteGradient } from './palette.js';
import { reproduciblePdf } from './pdf-page.js';

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const GUTTER = 20;
/** Room the footer keeps at the foot of a page. */
const FOOTER_ROOM = 40;
/** Columns of color cards, tried in turn until the palette fits; the room below each card's text. */
const CARD_COLUMNS = [4, 6, 8] as const;
const CARD_GAP = 10;
const MIN_SWATCH = 20;
/** A gradient's bar, and its row with the two lines under it. */
const RAMP_HEIGHT = 24;
const GRADIENT_ROW = RAMP_HEIGHT + 40;

type Doc = PDFKit.PDFDocument;

function newPage(doc: Doc): void {
  doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
}

function footer(doc: Doc, content: GuideContent, pageNumber: number): void {
  doc.font(PDF_FONT.regular).fontSize(8).fillColor(GUIDE_COLORS.muted);
  doc.text(`${content.name} · Brand guidelines`, MARGIN, PAGE.height - 30, { lineBreak: false });
  doc.text(String(pageNumber), PAGE.width - MARGIN - 20, PAGE.height - 30, {
    width: 20,
    align: 'right',
    lineBreak: false,
  });
}

/** Title and paragraphs; returns where the content below may start. */
function sectionText(doc: Doc, section: Section): number {
  doc
    .font(PDF_FONT.bold)
    .fontSize(24)
    .fillColor(GUIDE_COLORS.ink)
    .text(section.title, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  doc.moveDown(0.5).font(PDF_FONT.regular).fontSize(10.5).fillColor(GUIDE_COLORS.ink);
  for (const paragraph of section.paragraphs)
    doc.text(paragraph, { width: CONTENT_WIDTH * 0.75, lineGap: 2 }).moveDown(0.4);
  return doc.y + 14;
}

function caption(doc: Doc, text: string, x: number, y: number, width: number): void {
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(GUIDE_COLORS.muted).text(text, x, y, { width });
}

function cover(doc: Doc, figures: PdfFigureDrawer, content: GuideContent): void {
  const stripHeight = 36;
  figures.draw(logoFigure(content, { width: CONTENT_WIDTH, height: 250 }), MARGIN, 90, CONTENT_WIDTH);
  doc
    .font(PDF_FONT.bold)
    .fontSize(30)
    .fillColor(GUIDE_COLORS.ink)
    .text(content.name, MARGIN, 380, { width: CONTENT_WIDTH, align: 'center' });
  doc
    .font(PDF_FONT.regular)
    .fontSize(13)
    .fillColor(GUIDE_COLORS.muted)
    .text('Brand guidelines', { width: CONTENT_WIDTH, align: 'center' });
  // The palette as a strip along the foot of the page, each color as wide as its share;
  // a hairline above it keeps white and very light colors visible.
  doc
    .moveTo(0, PAGE.height - stripHeight)
    .lineTo(PAGE.width, PAGE.height - stripHeight)
    .lineWidth(0.5)
    .stroke(GUIDE_COLORS.rule);
  let x = 0;
  for (const color of content.palette) {
    const width = PAGE.width * color.share;
    doc.rect(x, PAGE.height - stripHeight, width + 0.5, stripHeight).fill(color.hex);
    x += width;
  }
}

function panels(doc: Doc, figures: PdfFigureDrawer, pair: PanelPair, top: number): void {
  const width = (CONTENT_WIDTH - GUTTER) / 2;
  pair.forEach(({ figure, caption: text }, i) => {
    const x = MARGIN + i * (width + GUTTER);
    figures.draw(figure, x, top, width);
    caption(doc, text, x, top + (figure.height * width) / figure.width + 8, width);
  });
}

/** The lines under a color's swatch, each in its font and size, after the gap above it. */
function cardLines(color: ListedColor): { text: string; bold: boolean; size: number; gap: number }[] {
  const { rgb, cmyk, hsl } = color;
  const line = (text: string, gap = 0) => ({ text, bold: false, size: 8.5, gap });
  return [
    { text: color.name, bold: true, size: 11, gap: 8 },
    ...(color.brand ? [{ text: 'Brand color', bold: true, size: 8.5, gap: 0 }] : []),
    line(`HEX ${color.hex.toUpperCase()}`),
    line(`RGB ${rgb.r} ${rgb.g} ${rgb.b}`),
    line(`CMYK ${cmyk.c} ${cmyk.m} ${cmyk.y} ${cmyk.k}`),
    line(`HSL ${hsl.h} ${hsl.s}% ${hsl.l}%`),
    ...contrastsOf(color.hex).map((contrast, i) => line(contrastLine(contrast), i === 0 ? 3 : 0)),
  ];
}

/** Sets the lines under a swatch from `y` down (or only measures them); returns how tall they are. */
function cardText(doc: Doc, color: ListedColor, x: number, y: number, width: number, draw: boolean): number {
  let at = y;
  for (const { text, bold, size, gap } of cardLines(color)) {
    doc
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(size)
      .fillColor(GUIDE_COLORS.ink);
    at += gap;
    if (draw) doc.text(text, x, at, { width, lineGap: 1 });
    at += doc.heightOfString(text, { width, lineGap: 1 });
  }
  return at - y;
}

function colorCard(doc: Doc, color: ListedColor, x: number, y: number, width: number, swatchHeight: number): void {
  doc.rect(x, y, width, swatchHeight).fill(color.hex);
  doc.rect(x, y, width, swatchHeight).lineWidth(0.5).stroke(GUIDE_COLORS.rule);
  doc
    .font(PDF_FONT.bold)
    .fontSize(9)
    .fillColor(mostContrasting(color.hex, [GUIDE_COLORS.ink, GUIDE_COLORS.light]));
  doc.text(swatchText(color), x + 8, y + 8, { lineBreak: false });
  cardText(doc, color, x, y + swatchHeight, width, true);
}

/** A gradient as a bar running left to right through its stops, named, with its stops below. */
function gradientCard(doc: Doc, gradient: PaletteGradient, x: number, y: number, width: number): void {
  const ramp = doc.linearGradient(x, 0, x + width, 0);
  for (const stop of gradient.stops) ramp.stop(stop.offset, stop.color);
  doc.rect(x, y, width, RAMP_HEIGHT).fill(ramp);
  doc.rect(x, y, width, RAMP_HEIGHT).lineWidth(0.5).stroke(GUIDE_COLORS.rule);
  doc
    .font(PDF_FONT.bold)
    .fontSize(11)
    .fillColor(GUIDE_COLORS.ink)
    .text(gradient.name, x, y + RAMP_HEIGHT + 8, { width });
  doc.font(PDF_FONT.regular).fontSize(8.5).text(formatStops(gradient), { width, lineGap: 1 });
}

/**
 * The color cards in rows, then the gradients two to a row, all above the footer: a long palette (a
 * gradient logo's stops add up) gets more, narrower columns and lower swatches.
 */
function colorCards(doc: Doc, content: GuideContent, top: number): void {
  const gradientRows = Math.ceil(content.gradients.length / 2);
  const room = PAGE.height - FOOTER_ROOM - top - gradientRows * GRADIENT_ROW;
  const layouts = CARD_COLUMNS.map((columns) => {
    const width = (CONTENT_WIDTH - (columns - 1) * GUTTER) / columns;
    const rows = Math.ceil(content.listedColors.length / columns);
    const text = Math.max(...content.listedColors.map((color) => cardText(doc, color, 0, 0, width, false))) + CARD_GAP;
    return { columns, width, rows, text, swatch: Math.min(rows > 1 ? 70 : 150, room / rows - text) };
  });
  const { columns, width, rows, text, swatch } =
    layouts.find((layout) => layout.swatch >= MIN_SWATCH) ?? layouts.reduce((a, b) => (b.swatch > a.swatch ? b : a));
  const swatchHeight = Math.max(MIN_SWATCH, swatch);
  content.listedColors.forEach((color, i) => {
    const row = Math.floor(i / columns);
    colorCard(
      doc,
      color,
      MARGIN + (i % columns) * (width + GUTTER),
      top + row * (swatchHeight + text),
      width,
      swatchHeight,
    );
  });
  const gradientsTop = top + rows * (swatchHeight + text);
  const gradientWidth = (CONTENT_WIDTH - GUTTER) / 2;
  content.gradients.forEach((gradient, i) => {
    const x = MARGIN + (i % 2) * (gradientWidth + GUTTER);
    gradientCard(doc, gradient, x, gradientsTop + Math.floor(i / 2) * GRADIENT_ROW, gradientWidth);
  });
}

function usageGrid(doc: Doc, figures: PdfFigureDrawer, content: GuideContent, top: number): void {
  const columns = 4;
  const width = (CONTENT_WIDTH - (columns - 1) * GUTTER) / columns;
  usageExamples(content).forEach((example, i) => {
    const x = MARGIN + (i % columns) * (width + GUTTER);
    const height = (example.figure.height * width) / example.figure.width;
    const y = top + Math.floor(i / columns) * (height + 44);
    figures.draw(example.figure, x, y, width);
    caption(doc, example.caption, x, y + height + 6, width);
  });
}

export async function brandGuidePdf(content: GuideContent): Promise<Buffer> {
  const { doc, bytes } = reproduciblePdf({ title: `${content.name}: brand guidelines`, subject: 'Brand guidelines' });
  // pdfkit also takes an opened fontkit font (see its PDFFontFactory), though its types list only files and bytes.
  doc.registerFont(PDF_FONT.regular, parsedFont('regular') as unknown as Buffer);
  doc.registerFont(PDF_FONT.bold, parsedFont('bold') as unknown as Buffer);
  const figures = new PdfFigureDrawer(doc, content.art);
  const pairs = panelPairs(content);

  const pages: [Section, (top: number) => void][] = [
    [
      content.logo,
      (top) => {
        panels(doc, figures, pairs.logo, top);
      },
    ],
    [
      content.markSection,
      (top) => {
        panels(doc, figures, pairs.mark, top);
      },
    ],
    [
      content.space,
      (top) => {
        panels(doc, figures, pairs.space, top);
      },
    ],
    [
      content.colors,
      (top) => {
        colorCards(doc, content, top);
      },
    ],
    [
      content.mono,
      (top) => {
        panels(doc, figures, pairs.mono, top);
      },
    ],
    [
      content.usage,
      (top) => {
        usageGrid(doc, figures, content, top);
      },
    ],
  ];
  newPage(doc);
  cover(doc, figures, content);
  for (const [i, [section, body]] of pages.entries()) {
    await nextTurn();
    newPage(doc);
    body(sectionText(doc, section));
    footer(doc, content, i + 2);
  }
  await nextTurn();
  doc.end();
  return bytes;
}
