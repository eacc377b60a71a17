/**
 * The web app: bring a logo, watch it trace, compare, tune, take it away.
 * Every result is a job of the public REST API; the page keeps the jobs of
 * this visit as a history, and the image it uploaded so a new setting can
 * upload it again. Nothing already made is dropped when a request fails.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';

import { BRAND_COLORS_MAX, DEFAULT_SETTING_VALUES } from '../core/setting-values.js';
import * as api from './api.js';
import APP_ICON from './icon.svg';
import { ApiError, type Job, type ServiceIndex, type TraceSettings } from './api.js';
import { ExportPanel, Mockups } from './components/export-panel.js';
import { Intake } from './components/intake.js';
import { KitPanel } from './components/kit-panel.js';
import { ProblemNotice, Progress, type Activity, type Problem } from './components/notice.js';
import { PalettePanel } from './components/palette-panel.js';
import { ServiceFooter } from './components/service-footer.js';
import { ShortcutsDialog } from './components/shortcuts.js';
import { TunePanel } from './components/tune-panel.js';
import { BACKDROPS, INITIAL_VIEW, Viewer, zoomedBy, type Original, type ViewState } from './components/viewer.js';
import { useDropAndPaste, useExpiry, useShortcuts, useToast } from './page-hooks.js';
import { pathCount } from './svg-view.js';
import { fileRefusal, formatBytes, pixelRefusal, pixelSize, type PixelSize } from './upload-checks.js';
import { counted } from './wording.js';

/** The image a result was traced from, kept to compare with and to upload again. */
interface Source {
  file: File;
  original: Original;
  /** The built-in sample (its first job comes from POST /api/sample). */
  isSample: boolean;
}

interface Entry {
  job: Job;
  /** The traced job whose colors `job` hides (the job itself when it hides none). */
  traced: Job;
  svg: string;
  settings: TraceSettings;
  source: Source;
  /** When the page received it (ms), to know when the service deletes it. */
  receivedAt: number;
  /** When the page received `traced`, whose lifetime a restored result shares. */
  tracedAt: number;
}

/** One random id per visit (this tab), sent with every upload. */
function visitId(): string {
  const key = 'upload_session_id';
  const kept = sessionStorage.getItem(key);
  if (kept) return kept;
  const id = crypto.randomUUID();
  sessionStorage.setItem(key, id);
  return id;
}

async function sourceOf(file: File, isSample: boolean, known?: PixelSize): Promise<Source> {
  const size = known ?? (await pixelSize(file));
  if (!size) throw new ApiError(422, `${file.name} could not be read as an image.`);
  return { file, original: { url: URL.createObjectURL(file), ...size }, isSample };
}

function problemFor(error: ApiError, retry: () => void, again: (() => void) | undefined): Problem {
  switch (error.status) {
    case 0:
      return { title: 'No connection', text: error.message, action: { label: 'Retry', run: retry } };
    case 404:
      return {
        title: 'This result has expired',
        text: `${error.message} Results are deleted some time after they are made; nothing on this page is lost, but the service no longer has the job.`,
        ...(again && { action: { label: 'Upload again', run: again } }),
      };
    case 413:
      return { title: 'The file is too large', text: error.message };
    case 422:
      return { title: 'This cannot be done', text: error.message };
    case 429:
      return {
        title: 'The service is busy',
        text: error.message,
        ...(error.retryAfter !== undefined && { retryAfter: error.retryAfter }),
        action: { label: 'Retry', run: retry },
      };
    default:
      return { title: 'Something went wrong', text: error.message, action: { label: 'Retry', run: retry } };
  }
}

/** What a result was made with, in a few words. */
function madeWith(entry: Entry): string {
  const { colors, smoothing, transparent, trim, palette } = entry.settings;
  const hidden = entry.job.hidden_colors?.length ?? 0;
  return [
    entry.source.isSample ? 'sample' : entry.source.file.name,
    colors === 0 ? 'auto colors' : counted(colors, 'color'),
    `smoothing ${smoothing}`,
    transparent ? 'background removed' : 'background kept',
    trim ? 'trimmed' : 'not trimmed',
    ...(palette.length > 0 ? [`brand colors ${palette.join(' ')}`] : []),
    ...(hidden > 0 ? [`${hidden} hidden`] : []),
  ].join(' · ');
}

/** Copies to the clipboard; says so, or why not (browsers allow it on https and localhost only). */
async function copyText(text: string, what: string, say: (text: string) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} copied`);
  } catch {
    say(`The browser did not allow copying ${what}; select it and copy it yourself.`);
  }
}

export function App() {
  const sessionId = useMemo(visitId, []);
  const [index, setIndex] = useState<ServiceIndex | undefined>();
  // One state, so a result that arrives after a step back or forth lands after the one shown then.
  const [visit, setVisit] = useState<{ history: Entry[]; at: number }>({ history: [], at: -1 });
  const { history, at } = visit;
  const [settings, setSettings] = useState<TraceSettings>({ ...DEFAULT_SETTING_VALUES });
  const [activity, setActivity] = useState<Activity | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [view, setView] = useState<ViewState>(INITIAL_VIEW);
  const [highlight, setHighlight] = useState<string | undefined>();
  const [toast, say] = useToast();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const entry = history[at];
  const busy = activity !== undefined;
  const limits = index?.limits;

  useEffect(() => {
    api
      .serviceIndex()
      .then(setIndex)
      .catch(() => undefined);
  }, []);

  /** Adds a result after the one shown; `receivedAt` defaults to now (a job made just now). */
  function keep(next: Omit<Entry, 'receivedAt' | 'tracedAt'> & { receivedAt?: number; tracedAt?: number }) {
    const receivedNow = Date.now();
    setVisit((now) => ({
      history: [...now.history.slice(0, now.at + 1), { receivedAt: receivedNow, tracedAt: receivedNow, ...next }],
      at: now.at + 1,
    }));
    setSettings(next.settings);
    setProblem(undefined);
  }

  /** Runs one request that makes a job; on failure the page keeps what it shows and says why. */
  async function run(kind: Activity, work: () => Promise<void>, again?: () => void) {
    setActivity(kind);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      const retry = () => void run(kind, work, again);
      setProblem(problemFor(error as ApiError, retry, again));
    } finally {
      setActivity(undefined);
    }
  }

  function trace(source: Source, wanted: TraceSettings) {
    const work = async () => {
      const job = await api.vectorize(source.file, wanted, sessionId, (phase) => {
        setActivity(
          phase.phase === 'uploading' ? { kind: 'uploading', fraction: phase.fraction } : { kind: 'tracing' },
        );
      });
      keep({ job, traced: job, svg: await api.svgText(job), settings: wanted, source });
    };
    void run({ kind: 'uploading', fraction: 0 }, work, () => {
      trace(source, wanted);
    });
  }

  async function upload(file: File) {
    // Decoded once, and only when type and size allow: for the check, then for the viewer.
    const refused = fileRefusal(file, limits);
    const size = refused ? undefined : await pixelSize(file);
    const why = refused ?? pixelRefusal(file, size, limits);
    if (why) {
      setProblem({ title: 'This file cannot be used', text: why });
      return;
    }
    trace(await sourceOf(file, false, size), settings);
  }

  function sample() {
    const wanted = { ...DEFAULT_SETTING_VALUES, trim: settings.trim };
    void run({ kind: 'loading-sample' }, async () => {
      const [job, file] = await Promise.all([api.sample(wanted.trim), api.sampleImage()]);
      const source = await sourceOf(file, true);
      keep({ job, traced: job, svg: await api.svgText(job), settings: wanted, source });
    });
  }

  function hide(hidden: string[]) {
    if (!entry) return;
    const { traced, source, settings: made } = entry;
    void run(
      { kind: 'hiding' },
      async () => {
        const { tracedAt } = entry;
        // Showing every color again is the traced job itself, with the lifetime it already has.
        const job = hidden.length === 0 ? traced : await api.hideColors(traced.id, hidden);
        const receivedAt = hidden.length === 0 ? tracedAt : Date.now();
        keep({ job, traced, svg: await api.svgText(job), settings: made, source, receivedAt, tracedAt });
      },
      () => {
        trace(source, made);
      },
    );
  }

  function copySvg() {
    if (!entry) return;
    void copyText(entry.svg, `The SVG markup (${formatBytes(entry.job.bytes)})`, say);
  }

  function reportKitError(error: ApiError, retry: () => void) {
    setProblem(
      problemFor(
        error,
        retry,
        entry &&
          (() => {
            trace(entry.source, entry.settings);
          }),
      ),
    );
  }

  // The service deletes a job after its lifetime: say so, rather than offer links that would answer 404.
  useExpiry(entry, entry && limits && entry.receivedAt + limits.job_lifetime_seconds * 1000, () => {
    if (!entry) return;
    setProblem(
      problemFor(
        new ApiError(404, 'This result was deleted by the service.'),
        () => undefined,
        () => {
          trace(entry.source, entry.settings);
        },
      ),
    );
  });

  // Drop anywhere, paste anywhere.
  const dragging = useDropAndPaste((file) => void upload(file), busy);

  // Keyboard shortcuts (listed under ?), never while typing in a field.
  useShortcuts(
    {
      o: () => fileInput.current?.click(),
      '+': () => {
        setView((v) => zoomedBy(v, 1.5));
      },
      '=': () => {
        setView((v) => zoomedBy(v, 1.5));
      },
      '-': () => {
        setView((v) => zoomedBy(v, 1 / 1.5));
      },
      '0': () => {
        setView((v) => ({ ...v, zoom: 1, pan: { x: 0, y: 0 } }));
      },
      m: () => {
        setView((v) => ({ ...v, mode: v.mode === 'swipe' ? 'side' : 'swipe' }));
      },
      b: () => {
        setView((v) => {
          const next = (BACKDROPS.findIndex((b) => b.value === v.backdrop) + 1) % BACKDROPS.length;
          return { ...v, backdrop: BACKDROPS[next]?.value ?? 'checker' };
        });
      },
      l: () => {
        setView((v) => ({ ...v, outline: !v.outline }));
      },
      '[': () => {
        goTo(at - 1);
      },
      ']': () => {
        goTo(at + 1);
      },
      d: () => {
        if (entry) location.assign(api.jobFile.svgDownload(entry.job));
      },
    },
    () => {
      setShortcutsOpen(true);
    },
    shortcutsOpen,
  );

  // Going back and forth shows that result with the settings it was made with.
  function goTo(position: number) {
    const target = history[position];
    if (!target) return;
    setVisit((now) => ({ ...now, at: position }));
    setSettings(target.settings);
  }

  const hidden = entry?.job.hidden_colors ?? [];
  const paths = useMemo(() => (entry ? pathCount(entry.svg) : 0), [entry]);

  return (
    <div class="app">
      <header class="site-header">
        <a class="brand" href="/">
          <img src={APP_ICON} alt="" width={28} height={28} />
          <span>Logo Vectorizer</span>
        </a>
        <nav aria-label="Service">
          <a href="/docs">API docs</a>
          <button
            type="button"
            class="link"
            aria-label="Keyboard shortcuts"
            aria-keyshortcuts="?"
            onClick={() => {
              setShortcutsOpen(true);
            }}
          >
            <span class="wide-only">Shortcuts</span> <kbd>?</kbd>
          </button>
        </nav>
      </header>
      <main id="main">
        <h1 class="visually-hidden">Logo Vectorizer</h1>
        <Progress activity={activity} />
        <ProblemNotice
          problem={problem}
          onDismiss={() => {
            setProblem(undefined);
          }}
        />
        {!entry ? (
          <Intake
            fileInput={fileInput}
            limits={limits}
            busy={busy}
            compact={false}
            onFile={(f) => void upload(f)}
            onSample={sample}
          />
        ) : (
          <div class="workspace">
            <div class="main-column">
              <div class="history" role="group" aria-label="Results of this visit">
                <button
                  type="button"
                  aria-label="Previous result"
                  aria-keyshortcuts="["
                  disabled={at <= 0}
                  onClick={() => {
                    goTo(at - 1);
                  }}
                >
                  ←
                </button>
                <span>
                  Result {at + 1} of {history.length}
                </span>
                <button
                  type="button"
                  aria-label="Next result"
                  aria-keyshortcuts="]"
                  disabled={at >= history.length - 1}
                  onClick={() => {
                    goTo(at + 1);
                  }}
                >
                  →
                </button>
                <span class="made-with">{madeWith(entry)}</span>
              </div>
              <Viewer
                job={entry.job}
                svg={entry.svg}
                original={entry.source.original}
                view={view}
                onView={setView}
                highlight={highlight}
              />
              <p class="stats" aria-label="About this SVG">
                <span>{counted(entry.job.palette.length, 'color')}</span>
                <span>{counted(paths, 'path')}</span>
                <span>{formatBytes(entry.job.bytes)}</span>
                <span>
                  {entry.job.width} x {entry.job.height} px
                </span>
              </p>
              {entry.job.warning && <p class="warning">{entry.job.warning.replace(/[^.]$/, '$&.')}</p>}
            </div>
            <div class="side-column">
              <Intake
                fileInput={fileInput}
                limits={limits}
                busy={busy}
                compact
                onFile={(f) => void upload(f)}
                onSample={sample}
              />
              <TunePanel
                settings={settings}
                enabled={!busy}
                onChange={(wanted) => {
                  setSettings(wanted);
                  trace(entry.source, wanted);
                }}
              />
              <PalettePanel
                colors={entry.traced.palette}
                gradients={entry.traced.gradients}
                hidden={hidden}
                enabled={!busy}
                onHighlight={setHighlight}
                onCopy={(hex) => void copyText(hex, hex, say)}
                onHidden={hide}
                onBrandColor={(color, brandColor) => {
                  // The edited color's brand color replaces the one it had (if any), beside the others.
                  const wanted = {
                    ...settings,
                    palette: [...settings.palette.filter((c) => c !== color), brandColor].slice(-BRAND_COLORS_MAX),
                  };
                  setSettings(wanted);
                  trace(entry.source, wanted);
                }}
              />
              <ExportPanel job={entry.job} onCopySvg={copySvg} />
              <KitPanel
                job={entry.job}
                nameMaxChars={limits?.kit_name_max_chars}
                enabled={!busy}
                onError={reportKitError}
              />
            </div>
            <Mockups job={entry.job} />
          </div>
        )}
      </main>
      <ServiceFooter index={index} onCopy={(text, what) => void copyText(text, what, say)} />
      <ShortcutsDialog
        open={shortcutsOpen}
        onClose={() => {
          setShortcutsOpen(false);
        }}
      />
      {dragging && (
        <div class="drop-overlay" aria-hidden="true">
          <p>Drop the logo to trace it</p>
        </div>
      )}
      <div class="toast" role="status" aria-live="polite">
        {toast}
      </div>
    </div>
  );
}
