/** mockups/: the logo on a cap and on a t-shirt, each in a light and a dark fabric, as JPEG photos for presentations. */
import { MOCKUP_KINDS } from '../mockups/index.js';
import type { KitContext } from './context.js';
import type { KitFile } from './kit-file.js';
import { fabricFor, mockupOn, type FabricTone } from './mockup-choice.js';

const GARMENT_WORDS = { cap: 'a cap (embroidered on the front panels)', tshirt: 'a t-shirt (chest print)' } as const;
const TONES: readonly FabricTone[] = ['light', 'dark'];

export function mockupFiles(kit: KitContext): Promise<KitFile[]> {
  return Promise.all(
    MOCKUP_KINDS.flatMap((kind) =>
      TONES.map(async (tone): Promise<KitFile> => {
        const fabric = fabricFor(kit, kind, tone);
        return {
          path: `mockups/${kind}-${tone}.jpg`,
          data: await mockupOn(kit, kind, fabric, kit.rasterize, 'jpeg'),
          purpose: `The logo on ${GARMENT_WORDS[kind]} in ${tone} fabric (${fabric}), for presentations.`,
        };
      }),
    ),
  );
}
