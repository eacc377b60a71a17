/** The kit's PDFs (the guide, the print files) through pdfkit: a reproducible document, and the logo drawn into it. */

import type { Box } from '../geometry.js';
import type { Ramp } from '../logo-art.js';
import { pdfDocumentClass } from './pdfkit.js';
import { stopsFromEndToEnd, type VectorPage } from './vector-logo.js';

/** Any fixed instant will do: it only has to be the same every time, so the same input gives the same bytes. */
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

export interface PdfInfo {
  title: string;
  subject: string;
}

/** A compressed pdfkit document with fixed dates, and its bytes once `doc.end()` is called. */
export function reproduciblePdf(
  info: PdfInfo,
  options: PDFKit.PDFDocumentOptions = {},
): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const PDFDocument = pdfDocumentClass();
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    lang: 'en',
    displayTitle: true,
    ...options,
    info: {
      Title: info.title,
      Subject: info.subject,
      Creator: 'Logo vectorizer brand kit',
      Producer: 'PDFKit',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** A pdfkit document as a VectorPage: gradients become axial (type 2) and radial (type 3) shadings. */
export class PdfLogoPage implements VectorPage {
  /** PDF path operators by SVG path data; see path(). */
  private readonly operators = new Map<string, string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  save(): void {
    this.doc.save();
  }

  restore(): void {
    this.doc.restore();
  }

  fill(d: string, paint: string | Ramp, opacity: number): void {
    const { doc } = this;
    doc.save();
    if (opacity < 1) doc.fillOpacity(opacity);
    this.path(d);
    doc.fill(typeof paint === 'string' ? paint : this.shading(paint));
    doc.restore();
  }

  clipOutside(d: string, box: Box): void {
    this.doc.rect(box.x, box.y, box.width, box.height);
    this.path(d);
    this.doc.clip('even-odd');
  }

  /** The gradient as a PDF shading, in the units the logo's paths are drawn in (pdfkit takes the current matrix). */
  private shading(ramp: Ramp): PDFKit.PDFGradient {
    const { doc } = this;
    const gradient =
      ramp.kind === 'linear'
        ? doc.linearGradient(ramp.x1, ramp.y1, ramp.x2, ramp.y2)
        : doc.radialGradient(ramp.cx, ramp.cy, 0, ramp.cx, ramp.cy, ramp.r);
    // An elliptical ramp's circles are drawn through its transform, which pdfkit puts inside the current matrix.
    if (ramp.kind === 'radial' && ramp.transform) gradient.setTransform(...ramp.transform);
    for (const stop of stopsFromEndToEnd(ramp.stops)) gradient.stop(stop.offset, stop.color);
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
