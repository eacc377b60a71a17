/**
 * The brand kit: a name and a background color, POST /api/jobs/{token}/kit,
 * then the ZIP to download with a preview read from the ZIP itself: the
 * favicon in a light and a dark browser tab, the home-screen icon, the social
 * card, and how many files each folder holds.
 */
import { useEffect, useState } from 'preact/hooks';

import { brandKit, type ApiError, type Job } from '../api.js';
import { formatBytes } from '../upload-checks.js';
import { zipEntries, zipEntryData, type ZipEntry } from '../zip-reader.js';

const DEFAULT_NAME = 'Your brand';
const DEFAULT_BACKGROUND = '#ffffff';
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The kit's files the preview shows. */
const PREVIEWED = {
  favicon: 'web/favicon-96x96.png',
  homeScreen: 'web/apple-touch-icon.png',
  socialCard: 'social/open-graph-1200x630.png',
} as const;
type Previewed = keyof typeof PREVIEWED;

interface BuiltKit {
  url: string;
  fileName: string;
  bytes: number;
  name: string;
  files: number;
  /** Folders (with their file counts) and top-level files, in the ZIP's order. */
  folders: [string, number][];
  images: Partial<Record<Previewed, string>>;
}

async function readKit(zip: Blob, fileName: string, name: string): Promise<BuiltKit> {
  const bytes = await zip.arrayBuffer();
  const entries = zipEntries(bytes);
  const folders = new Map<string, number>();
  for (const entry of entries) {
    const folder = entry.name.includes('/') ? `${entry.name.slice(0, entry.name.indexOf('/'))}/` : entry.name;
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  const images: BuiltKit['images'] = {};
  for (const [key, path] of Object.entries(PREVIEWED) as [Previewed, string][]) {
    const entry: ZipEntry | undefined = entries.find((candidate) => candidate.name.endsWith(path));
    if (entry) images[key] = URL.createObjectURL(new Blob([await zipEntryData(bytes, entry)], { type: 'image/png' }));
  }
  return {
    url: URL.createObjectURL(zip),
    fileName,
    bytes: zip.size,
    name,
    files: entries.length,
    folders: [...folders],
    images,
  };
}

function release(kit: BuiltKit | undefined) {
  if (!kit) return;
  URL.revokeObjectURL(kit.url);
  for (const url of Object.values(kit.images)) URL.revokeObjectURL(url);
}

function BrowserTab(props: { icon: string | undefined; name: string; theme: 'light' | 'dark' }) {
  return (
    <div class={`tab-mock ${props.theme}`}>
      <div class="tab">
        {props.icon && <img src={props.icon} width={16} height={16} alt="" />}
        <span>{props.name}</span>
      </div>
      <div class="address">{props.theme === 'light' ? 'Light browser theme' : 'Dark browser theme'}</div>
    </div>
  );
}

function KitPreview(props: { kit: BuiltKit }) {
  const { kit } = props;
  return (
    <div class="kit-preview">
      <a class="button primary" href={kit.url} download={kit.fileName}>
        Download {kit.fileName} ({formatBytes(kit.bytes)})
      </a>
      <div class="kit-shots">
        <figure>
          <BrowserTab icon={kit.images.favicon} name={kit.name} theme="light" />
          <BrowserTab icon={kit.images.favicon} name={kit.name} theme="dark" />
          <figcaption>Favicon in a browser tab</figcaption>
        </figure>
        {kit.images.homeScreen && (
          <figure>
            <img class="home-icon" src={kit.images.homeScreen} width={60} height={60} alt="Home-screen icon" />
            <figcaption>Home-screen icon</figcaption>
          </figure>
        )}
        {kit.images.socialCard && (
          <figure class="wide">
            <img class="social-card" src={kit.images.socialCard} width={1200} height={630} alt="Social card" />
            <figcaption>Social card (1200 x 630)</figcaption>
          </figure>
        )}
      </div>
      <p class="hint">
        {kit.files} files:{' '}
        {kit.folders.map(([folder, count]) => (folder.endsWith('/') ? `${folder} (${count})` : folder)).join(', ')}.
      </p>
    </div>
  );
}

interface KitPanelProps {
  job: Job;
  nameMaxChars: number | undefined;
  /** False while another job runs. */
  enabled: boolean;
  /** Errors are shown by the page, with a retry when the service is busy. */
  onError: (error: ApiError, retry: () => void) => void;
}

export function KitPanel(props: KitPanelProps) {
  const { job, enabled, onError } = props;
  const [name, setName] = useState(DEFAULT_NAME);
  const [background, setBackground] = useState(DEFAULT_BACKGROUND);
  const [building, setBuilding] = useState(false);
  const [kit, setKit] = useState<BuiltKit | undefined>();

  // A kit belongs to one job: a new result clears it.
  useEffect(() => {
    setKit(undefined);
  }, [job.id]);
  useEffect(
    () => () => {
      release(kit);
    },
    [kit],
  );

  async function build() {
    setBuilding(true);
    try {
      const { zip, fileName } = await brandKit(job.id, name, background);
      setKit(await readKit(zip, fileName, name));
    } catch (error) {
      onError(error as ApiError, () => void build());
    } finally {
      setBuilding(false);
    }
  }

  const validBackground = HEX.test(background);
  return (
    <section class="panel" aria-labelledby="kit-heading">
      <h2 id="kit-heading">Brand kit</h2>
      <p class="hint">
        The logo as SVG, PNG, and PDF and EPS for print, a brand guide, the palette (brand colors first) for design
        tools and CSS, favicons, app icons, social images and mockups, in one ZIP.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void build();
        }}
      >
        <div class="field">
          <label for="kit-name">Brand name</label>
          <input
            id="kit-name"
            type="text"
            value={name}
            maxLength={props.nameMaxChars}
            required
            onInput={(event) => {
              setName(event.currentTarget.value);
            }}
          />
        </div>
        <div class="field">
          <label for="kit-background">Background color</label>
          <div class="color-field">
            <input
              type="color"
              aria-label="Pick the background color"
              value={validBackground ? background : DEFAULT_BACKGROUND}
              onInput={(event) => {
                setBackground(event.currentTarget.value);
              }}
            />
            <input
              id="kit-background"
              type="text"
              value={background}
              pattern="#[0-9a-fA-F]{6}"
              aria-describedby="kit-background-hint"
              onInput={(event) => {
                setBackground(event.currentTarget.value);
              }}
            />
          </div>
          <p id="kit-background-hint" class="hint">
            Behind the logo on app icons and social images; six-digit hex like #ffffff.
          </p>
        </div>
        <button type="submit" class="primary" disabled={!enabled || building || !validBackground}>
          {building ? 'Building the kit…' : 'Build brand kit'}
        </button>
      </form>
      {kit && <KitPreview kit={kit} />}
    </section>
  );
}
