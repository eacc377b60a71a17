/** README.txt at the root of the ZIP: every file of the kit and what it is for, folder by folder. */
import type { KitContext } from './context.js';
import type { KitFile } from './kit-file.js';
import { MARK_FILE } from './mark.js';
import { singleLine } from './names.js';
import { listingOrder } from './palette.js';

const FOLDER_TITLES: Record<string, string> = {
  logo: 'Logo files',
  palette: 'Colors',
  'brand-guide': 'Brand guidelines',
  web: 'Website icons (copy to your site root; see head.html)',
  ios: 'iOS app icon',
  android: 'Android app icons (copy the mipmap-* folders into app/src/main/res/)',
  social: 'Social media images',
  mockups: 'Mockups',
};

const README_PATH = 'README.txt';

export function readmeFile(kit: KitContext, files: readonly KitFile[]): KitFile {
  const width = Math.max(...files.map((file) => file.path.length), README_PATH.length) + 2;
  const line = (path: string, purpose: string) => `  ${path.padEnd(width)}${purpose}`;
  const lines = [
    `${singleLine(kit.name)}: brand kit`,
    '',
    `Colors (${listingOrder(kit.listedColors)}): ${kit.listedColors.map((color) => (color.brand ? `${color.hex} (brand)` : color.hex)).join(', ')}`,
    ...kit.gradients.map((gradient) => `${gradient.name}: ${gradient.stops.map((stop) => stop.color).join(' -> ')}`),
    `Background color: ${kit.background}`,
    `Mark (${MARK_FILE}, used by every square and small image): ${kit.mark.reason}`,
    '',
    line(README_PATH, 'This list.'),
  ];
  let folder = '';
  for (const file of files) {
    const top = file.path.split('/')[0] ?? '';
    if (top !== folder) {
      folder = top;
      lines.push('', `${FOLDER_TITLES[top] ?? top}:`);
    }
    lines.push(line(file.path, file.purpose));
  }
  return { path: README_PATH, data: Buffer.from(`${lines.join('\n')}\n`), purpose: 'This list.' };
}
