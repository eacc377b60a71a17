/**
 * social/: profile and share images at each network's size, the logo on the
 * background color inside the part every client shows (cover photos are
 * cropped differently on phones; avatars are cropped to a circle).
 */
import { mostContrasting } from '../color.js';
import { escapeXml } from '../escape.js';
import { FONT_FAMILY } from '../fonts.js';
import { fitInBox, fitInCircle, shrink, type Box, type Size } from '../geometry.js';
import type { KitContext } from './context.js';
import { logoOnBackground } from './drawings.js';
import type { KitFile } from './kit-file.js';

interface SocialImage {
  file: string;
  purpose: string;
  size: Size;
  /** The centred area every client shows; the whole image when absent. */
  safe?: Size;
  /** Part of the safe area the logo may take, per side. */
  logoShare: number;
  /** Set the brand name under the logo (share cards, which show no other title on the image). */
  caption?: boolean;
  /** Cropped to a circle by the network: it shows the mark. */
  round?: boolean;
}

const SOCIAL_IMAGES: readonly SocialImage[] = [
  {
    file: 'open-graph-1200x630.png',
    purpose: 'Open Graph share image (Facebook, LinkedIn, Slack, iMessage link previews).',
    size: { width: 1200, height: 630 },
    logoShare: 0.5,
    caption: true,
  },
  {
    file: 'x-header-1500x500.png',
    purpose: 'X (Twitter) profile header.',
    size: { width: 1500, height: 500 },
    safe: { width: 1500, height: 360 },
    logoShare: 0.6,
  },
  {
    file: 'x-card-1200x600.png',
    purpose: 'X (Twitter) large summary card image.',
    size: { width: 1200, height: 600 },
    logoShare: 0.5,
    caption: true,
  },
  {
    file: 'linkedin-banner-1584x396.png',
    purpose: 'LinkedIn page or profile banner.',
    size: { width: 1584, height: 396 },
    logoShare: 0.5,
  },
  {
    file: 'youtube-banner-2560x1440.png',
    purpose: 'YouTube channel banner; the logo sits in the 1546 x 423 area shown on every device.',
    size: { width: 2560, height: 1440 },
    safe: { width: 1546, height: 423 },
    logoShare: 0.8,
  },
  {
    file: 'facebook-cover-851x315.png',
    purpose: 'Facebook page cover photo.',
    size: { width: 851, height: 315 },
    safe: { width: 640, height: 315 },
    logoShare: 0.55,
  },
  {
    file: 'avatar-400x400.png',
    purpose: 'Profile picture for any network: the mark, inside the circle crop.',
    size: { width: 400, height: 400 },
    // The mark's corners on the crop circle: a square mark spans 71% of it.
    logoShare: 1,
    round: true,
  },
];

/** DejaVu Sans Bold averages about 0.62 em per character: enough to keep a long name inside the image. */
const AVERAGE_ADVANCE_EM = 0.62;

function centred(outer: Size, inner: Size): Box {
  return { x: (outer.width - inner.width) / 2, y: (outer.height - inner.height) / 2, ...inner };
}

function captionedLayout(kit: KitContext, image: SocialImage, safe: Box): { logo: Box; caption: string } {
  const { width, height } = image.size;
  const fontSize = Math.min(
    height * 0.075,
    (safe.width * 0.85) / (AVERAGE_ADVANCE_EM * Math.max(1, [...kit.name].length)),
  );
  const gap = height * 0.06;
  const logo = fitInBox(kit.art, shrink(safe, image.logoShare));
  const blockHeight = logo.height + gap + fontSize;
  const top = (height - blockHeight) / 2;
  const color = mostContrasting(kit.background, ['#111827', '#ffffff']);
  const caption = `<text x="${width / 2}" y="${top + blockHeight - fontSize * 0.2}" font-family="${FONT_FAMILY}" font-weight="bold" font-size="${fontSize}" fill="${color}" text-anchor="middle">${escapeXml(kit.name)}</text>`;
  return { logo: { ...logo, y: top }, caption };
}

function socialDrawing(kit: KitContext, image: SocialImage): string {
  const safe = centred(image.size, image.safe ?? image.size);
  if (image.caption) {
    const { logo, caption } = captionedLayout(kit, image, safe);
    return logoOnBackground(kit, image.size, logo, caption);
  }
  if (image.round) {
    const centre = { x: safe.x + safe.width / 2, y: safe.y + safe.height / 2 };
    const mark = fitInCircle(kit.mark.art, centre, safe.width * image.logoShare);
    return logoOnBackground(kit, image.size, mark, '', kit.mark);
  }
  return logoOnBackground(kit, image.size, fitInBox(kit.art, shrink(safe, image.logoShare)));
}

export function socialFiles(kit: KitContext): Promise<KitFile[]> {
  return Promise.all(
    SOCIAL_IMAGES.map(async (image): Promise<KitFile> => ({
      path: `social/${image.file}`,
      data: await kit.rasterize(socialDrawing(kit, image), { opaque: true, text: image.caption === true }),
      purpose: image.purpose,
    })),
  );
}
