/** mockups/: the logo on a cap and on a t-shirt, for presentations. */
import { logoDocument } from '../logo-art.js';
import { MOCKUP_KINDS, renderMockup } from '../mockups/index.js';
import type { KitContext } from './context.js';
import type { KitFile } from './kit-file.js';

const PURPOSES = {
  cap: 'The logo on a cap (front panel print), for presentations.',
  tshirt: 'The logo on a t-shirt (chest print), for presentations.',
} as const;

export async function mockupFiles(kit: KitContext): Promise<KitFile[]> {
  const svg = logoDocument(kit.art);
  return Promise.all(
    MOCKUP_KINDS.map(async (kind) => ({
      path: `mockups/${kind}.png`,
      data: await renderMockup(kind, svg, kit.rasterize),
      purpose: PURPOSES[kind],
    })),
  );
}
