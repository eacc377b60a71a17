/** Guide figures drawn as vectors into a pdfkit document. */
import { fitInBox } from '../geometry.js';
import { KNOCKOUT, paintPath, type LogoArt, type Ramp } from '../logo-art.js';
import type { Figure, Shape } from './guide-figures.js';

/** Names under which the guide registers its two font files with pdfkit. */
export const PDF_FONT = { regular: 'body', bold: 'body-bold' } as const;

type ShapeOf<K extends Shape['kind']> = Extract<Shape, { kind: K }>;

export class PdfFigureDrawer {
  /** PDF path operators by SVG path data; see path(). */
  private readonly operators = new Map<string, string>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly art: LogoArt,
  ) {}

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
    for (const path of art.paths) {
      const painted = paintPath(path, shape.paint);
      this.path(path.d);
      if (painted.ramp) doc.fill(this.shading(painted.ramp));
      else doc.fill(painted.fill === KNOCKOUT ? shape.surface : painted.fill);
    }
  }

  /** The gradient as a PDF shading, in the units the logo's paths are drawn in (pdfkit takes the current matrix). */
  private shading(ramp: Ramp): PDFKit.PDFGradient {
    const { doc } = this;
    const gradient =
      ramp.kind === 'linear'
        ? doc.linearGradient(ramp.x1, ramp.y1, ramp.x2, ramp.y2)
        : doc.radialGradient(ramp.cx, ramp.cy, 0, ramp.cx, ramp.cy, ramp.r);
    // pdfkit stretches its stops over 0 to 1 whatever their offsets; SVG holds the end colors flat beyond them.
    const [first, last] = [ramp.stops[0], ramp.stops.at(-1)];
    if (first && first.offset > 0) gradient.stop(0, first.color);
    for (const stop of ramp.stops) gradient.stop(stop.offset, stop.color);
    if (last && last.offset < 1) gradient.stop(1, last.color);
    return gradient;
  }

  /**
   * Adds the path as doc.path(d) would. pdfkit parses SVG path data on every
   * call, on the JS thread, and the guide draws the logo about twenty times,
   * so each path's operators are recorded the first time (by catching what
   * pdfkit writes) and replayed after.
   */
  private path(d: string): void {
    let recorded = this.operators.get(d);
    if (recorded === undefined) {
      const parts: string[] = [];
      const writer = this.doc as { addContent(data: string): PDFKit.PDFDocument };
      writer.addContent = (data: string) => {
        parts.push(data);
        return this.doc;
      };
      try {
        this.doc.path(d);
      } finally {
        delete (writer as Partial<typeof writer>).addContent; // back to the prototype's method
      }
      recorded = parts.join('\n');
      this.operators.set(d, recorded);
    }
    this.doc.addContent(recorded);
  }
}
