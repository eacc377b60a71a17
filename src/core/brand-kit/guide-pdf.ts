/**
 * brand-guide.pdf: A4 landscape, vector throughout (the logo is drawn from its
 * paths), DejaVu Sans embedded as a subset. The creation date and so the
 * document ID are fixed, which keeps the file identical from build to build.
 * pdfkit works on the JS thread, so the event loop gets a turn between pages.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

import PDFDocument from 'pdfkit';

import { mostContrasting } from '../color.js';
import { parsedFont } from '../fonts.js';
import { PDF_FONT, PdfFigureDrawer } from './figure-pdf.js';
import { contrastLine, contrastsOf, GUIDE_COLORS, type GuideContent, type Section } from './guide-content.js';
import { logoFigure, panelPairs, usageExamples, type PanelPair } from './guide-figures.js';
import { formatShare, type PaletteColor } from './palette.js';

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const GUTTER = 20;
/** Any fixed instant will do: it only has to be the same every time. */
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

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

function colorCard(doc: Doc, color: PaletteColor, x: number, y: number, width: number, swatchHeight: number): void {
  doc.rect(x, y, width, swatchHeight).fill(color.hex);
  doc.rect(x, y, width, swatchHeight).lineWidth(0.5).stroke(GUIDE_COLORS.rule);
  doc
    .font(PDF_FONT.bold)
    .fontSize(9)
    .fillColor(mostContrasting(color.hex, [GUIDE_COLORS.ink, GUIDE_COLORS.light]));
  doc.text(formatShare(color.share), x + 8, y + 8, { lineBreak: false });
  doc
    .font(PDF_FONT.bold)
    .fontSize(11)
    .fillColor(GUIDE_COLORS.ink)
    .text(color.name, x, y + swatchHeight + 8, { width });
  const { rgb, cmyk, hsl } = color;
  doc.font(PDF_FONT.regular).fontSize(8.5).fillColor(GUIDE_COLORS.ink);
  for (const line of [
    `HEX ${color.hex.toUpperCase()}`,
    `RGB ${rgb.r} ${rgb.g} ${rgb.b}`,
    `CMYK ${cmyk.c} ${cmyk.m} ${cmyk.y} ${cmyk.k}`,
    `HSL ${hsl.h} ${hsl.s}% ${hsl.l}%`,
  ]) {
    doc.text(line, { width, lineGap: 1 });
  }
  doc.moveDown(0.3);
  for (const contrast of contrastsOf(color.hex)) {
    doc.font(PDF_FONT.regular).fillColor(GUIDE_COLORS.ink).text(contrastLine(contrast), { width, lineGap: 1 });
  }
}

function colorCards(doc: Doc, content: GuideContent, top: number): void {
  const columns = 4;
  const width = (CONTENT_WIDTH - (columns - 1) * GUTTER) / columns;
  const rows = Math.ceil(content.palette.length / columns);
  const swatchHeight = rows > 1 ? 70 : 150;
  content.palette.forEach((color, i) => {
    const row = Math.floor(i / columns);
    colorCard(
      doc,
      color,
      MARGIN + (i % columns) * (width + GUTTER),
      top + row * (swatchHeight + 118),
      width,
      swatchHeight,
    );
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
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `${content.name}: brand guidelines`,
      Subject: 'Brand guidelines',
      Creator: 'Logo vectorizer brand kit',
      Producer: 'PDFKit',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
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
  return finished;
}
