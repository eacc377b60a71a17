/**
 * pdfkit, loaded on the first PDF or EPS of a kit: importing it loads its font
 * engine (about 0.2 s of CPU) that a process which never builds a kit (the CLI,
 * `vectorize()`, most of the server's requests) should not pay at start-up.
 * Required as CommonJS, like fontkit in ../fonts.ts, so the fonts it is handed
 * come from the same fontkit it uses.
 */
import { createRequire } from 'node:module';

import type PDFDocumentClass from 'pdfkit';

import type { Matrix } from '../logo-art.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- extends @types/pdfkit's own namespace
  namespace PDFKit {
    interface PDFGradient {
      /** pdfkit has it (the gradient's own matrix, inside the current one); @types/pdfkit leaves it out. */
      setTransform(...matrix: Matrix): PDFGradient;
    }
  }
}

const require = createRequire(import.meta.url);
let loaded: typeof PDFDocumentClass | undefined;

export function pdfDocumentClass(): typeof PDFDocumentClass {
  loaded ??= require('pdfkit') as typeof PDFDocumentClass;
  return loaded;
}
