/** brand-guide/: the guide as PDF and as HTML, from one content. */
import type { KitContext } from './context.js';
import { guideContent } from './guide-content.js';
import { brandGuideHtml } from './guide-html.js';
import { brandGuidePdf } from './guide-pdf.js';
import type { KitFile } from './kit-file.js';

export async function guideFiles(kit: KitContext): Promise<KitFile[]> {
  const content = guideContent(kit);
  return [
    {
      path: 'brand-guide/brand-guide.pdf',
      data: await brandGuidePdf(content),
      purpose: "Brand guidelines to share or print: logo use, clear space, minimum size, colors, do and don't.",
    },
    {
      path: 'brand-guide/brand-guide.html',
      data: Buffer.from(brandGuideHtml(content)),
      purpose: 'The same guidelines as one self-contained web page.',
    },
  ];
}
