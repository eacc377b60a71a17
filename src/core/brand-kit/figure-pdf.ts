/** Guide figures drawn as vectors into a pdfkit document. */
import { fitInBox } from '../geometry.js';
import type { LogoArt } from '../logo-art.js';
import type { Figure, Shape } from './guide-figures.js';
import { PdfLogoPage } from './pdf-page.js';
import { drawLogoPaths } from './vector-logo.js';

/** Names under which the guide registers its two font files with pdfkit. */
export const PDF_FONT = { regular: 'body', bold: 'body-bold' } as const;

type ShapeOf<K extends Shape['kind']> = Extract<Shape, { kind: K }>;

export class PdfFigureDrawer {
  /** One page drawer for the whole guide, so each path is parsed once however often the logo is drawn. */
  private readonly page: PdfLogoPage;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly art: LogoArt,
  ) {
    this.page = new PdfLogoPage(doc);
  }

  /** Draws `figure` with its top-left corner at (x, y), `width` points wide. */
  draw(figure: Figure, x: number, y: number, width: number): void {
    const { doc } = this;
    doc.save();
    doc.translate(x, y).scale(width / figure.width);
    for (const shape of figure.shapes) {
      doc.save();
      this.shape(shape);
      doc.restore();
    }
    doc.restore();
  }

  private shape(shape: Shape): void {
    switch (shape.kind) {
      case 'rect': {
        this.rect(shape);
        return;
      }
      case 'circle':
        this.doc.circle(shape.cx, shape.cy, shape.r).fill(shape.fill);
        return;
      case 'line': {
        this.line(shape);
        return;
      }
      case 'text': {
        this.text(shape);
        return;
      }
      case 'logo': {
        this.logo(shape);
        return;
      }
    }
  }

  private rect(shape: ShapeOf<'rect'>): void {
    const { doc } = this;
    const { x, y, width, height } = shape.box;
    if (shape.opacity !== undefined) doc.opacity(shape.opacity);
    if (shape.radius) doc.roundedRect(x, y, width, height, shape.radius);
    else doc.rect(x, y, width, height);
    if (shape.dash) doc.dash(shape.dash, {});
    doc.lineWidth(shape.strokeWidth ?? 1);
    if (shape.fill && shape.stroke) doc.fillAndStroke(shape.fill, shape.stroke);
    else if (shape.fill) doc.fill(shape.fill);
    else if (shape.stroke) doc.stroke(shape.stroke);
  }

  private line(shape: ShapeOf<'line'>): void {
    const { doc } = this;
    shape.points.forEach(([x, y], i) => (i === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
    if (shape.dash) doc.dash(shape.dash, {});
    doc.lineWidth(shape.width).lineCap('round').lineJoin('round').stroke(shape.stroke);
  }

  private text(shape: ShapeOf<'text'>): void {
    const { doc } = this;
    doc
      .font(shape.bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(shape.size)
      .fillColor(shape.color);
    const x = shape.anchor === 'middle' ? shape.x - doc.widthOfString(shape.text) / 2 : shape.x;
    doc.text(shape.text, x, shape.y, { baseline: 'alphabetic', lineBreak: false });
  }

  private logo(shape: ShapeOf<'logo'>): void {
    const { doc } = this;
    const art = shape.art ?? this.art;
    if (shape.matrix) doc.transform(...shape.matrix);
    if (shape.opacity !== undefined) doc.opacity(shape.opacity);
    const fitted = fitInBox(art, shape.box);
    doc
      .translate(fitted.x, fitted.y)
      .scale(fitted.width / art.viewBox.width)
      .translate(-art.viewBox.x, -art.viewBox.y);
    drawLogoPaths(this.page, art, shape.paint, shape.surface);
  }
}
