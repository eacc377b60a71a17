/**
 * The compare viewer: the original and the SVG over each other with a swipe
 * line, or side by side; zoom to 16x and pan, locked across both (wheel,
 * buttons, keys, drag, pinch); a backdrop that shows transparency and edges.
 * The original is laid under the SVG at the SVG's own scale, shifted by the
 * job's source_offset, so a trimmed SVG still lines up with its source.
 */
import type { CSSProperties, JSX } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';

import type { Job } from '../api.js';
import { svgLook, svgUrl, type SvgLook } from '../svg-view.js';
import { Segmented } from './segmented.js';

export type Backdrop = 'checker' | 'light' | 'dark';
export type CompareMode = 'swipe' | 'side';

export const BACKDROPS: readonly { value: Backdrop; label: string }[] = [
  { value: 'checker', label: 'Checkerboard' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const COMPARE_MODES: readonly { value: CompareMode; label: string }[] = [
  { value: 'swipe', label: 'Swipe' },
  { value: 'side', label: 'Side by side' },
];

export const ZOOM_MAX = 16;
const ZOOM_STEP = 1.5;
/** Room left around the art at 1x, in CSS pixels. */
const MARGIN = 16;

export interface Original {
  url: string;
  width: number;
  height: number;
}

export interface ViewState {
  mode: CompareMode;
  backdrop: Backdrop;
  outline: boolean;
  zoom: number;
  /** Pan in CSS pixels from the centred position. */
  pan: { x: number; y: number };
}

export const INITIAL_VIEW: ViewState = {
  mode: 'swipe',
  backdrop: 'checker',
  outline: false,
  zoom: 1,
  pan: { x: 0, y: 0 },
};

export function zoomedBy(view: ViewState, factor: number, about = { x: 0, y: 0 }): ViewState {
  const zoom = Math.min(ZOOM_MAX, Math.max(1, view.zoom * factor));
  const ratio = zoom / view.zoom;
  // The point under `about` (relative to the stage centre) stays where it is.
  const pan =
    zoom === 1
      ? { x: 0, y: 0 }
      : { x: about.x - (about.x - view.pan.x) * ratio, y: about.y - (about.y - view.pan.y) * ratio };
  return { ...view, zoom, pan };
}

interface ViewerProps {
  job: Job;
  svg: string;
  original: Original | undefined;
  view: ViewState;
  onView: (view: ViewState) => void;
  highlight: string | undefined;
}

function useStageSize(stage: { current: HTMLElement | null }) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [stage]);
  return size;
}

/** A blob URL of one look of the SVG, revoked when the look changes. */
function useSvgUrl(svg: string, look: SvgLook): string {
  const url = useMemo(() => svgUrl(svgLook(svg, look)), [svg, look.kind, look.kind === 'highlight' ? look.color : '']);
  useEffect(
    () => () => {
      URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
  /** CSS pixels per SVG pixel. */
  scale: number;
}

function frameOf(stage: { width: number; height: number }, job: Job, view: ViewState): Frame {
  const fit = Math.min((stage.width - 2 * MARGIN) / job.width, (stage.height - 2 * MARGIN) / job.height);
  const scale = Math.max(fit, 0.01) * view.zoom;
  const width = job.width * scale;
  const height = job.height * scale;
  return {
    left: (stage.width - width) / 2 + view.pan.x,
    top: (stage.height - height) / 2 + view.pan.y,
    width,
    height,
    scale,
  };
}

function Layer(props: { frame: Frame; children: JSX.Element; clip?: string }) {
  const { frame } = props;
  const style: CSSProperties = {
    left: `${frame.left}px`,
    top: `${frame.top}px`,
    width: `${frame.width}px`,
    height: `${frame.height}px`,
  };
  if (props.clip) style.clipPath = props.clip;
  return (
    <div class="layer" style={style}>
      {props.children}
    </div>
  );
}

function OriginalImage(props: { original: Original | undefined; job: Job; frame: Frame; pixelated: boolean }) {
  const { original, job, frame } = props;
  if (!original) return <p class="layer-note">The original is not kept for this result.</p>;
  const offset = job.source_offset ?? { x: 0, y: 0 };
  const style: CSSProperties = {
    left: `${-offset.x * frame.scale}px`,
    top: `${-offset.y * frame.scale}px`,
    width: `${original.width * frame.scale}px`,
    height: `${original.height * frame.scale}px`,
  };
  return (
    <img
      class={props.pixelated ? 'original pixelated' : 'original'}
      src={original.url}
      style={style}
      alt=""
      draggable={false}
    />
  );
}

function ViewerToolbar(props: { view: ViewState; onView: (view: ViewState) => void }) {
  const { view, onView } = props;
  return (
    <div class="toolbar" role="toolbar" aria-label="Viewer">
      <Segmented
        name="compare"
        legend="Compare"
        legendHidden
        options={COMPARE_MODES}
        value={view.mode}
        onChange={(mode) => {
          onView({ ...view, mode });
        }}
      />
      <div class="zoom">
        <button
          type="button"
          aria-label="Zoom out"
          disabled={view.zoom <= 1}
          onClick={() => {
            onView(zoomedBy(view, 1 / ZOOM_STEP));
          }}
        >
          −
        </button>
        <output aria-live="polite" aria-label="Zoom">
          {Math.round(view.zoom * 100)}%
        </output>
        <button
          type="button"
          aria-label="Zoom in"
          disabled={view.zoom >= ZOOM_MAX}
          onClick={() => {
            onView(zoomedBy(view, ZOOM_STEP));
          }}
        >
          +
        </button>
        <button
          type="button"
          disabled={view.zoom === 1}
          onClick={() => {
            onView({ ...view, zoom: 1, pan: { x: 0, y: 0 } });
          }}
        >
          Fit
        </button>
      </div>
      <Segmented
        name="backdrop"
        legend="Backdrop"
        legendHidden
        options={BACKDROPS}
        value={view.backdrop}
        onChange={(backdrop) => {
          onView({ ...view, backdrop });
        }}
      />
      <button
        type="button"
        class="toggle"
        aria-pressed={view.outline}
        onClick={() => {
          onView({ ...view, outline: !view.outline });
        }}
      >
        Outlines
      </button>
    </div>
  );
}

export function Viewer(props: ViewerProps) {
  const { job, view, onView, original } = props;
  const look: SvgLook = view.outline
    ? { kind: 'outline' }
    : props.highlight
      ? { kind: 'highlight', color: props.highlight }
      : { kind: 'plain' };
  const url = useSvgUrl(props.svg, look);
  const [split, setSplit] = useState(50);
  const stageRef = useRef<HTMLDivElement>(null);
  const size = useStageSize(stageRef);
  const side = view.mode === 'side';
  const paneSize = side ? { width: size.width / 2, height: size.height } : size;
  const frame = frameOf(paneSize, job, view);
  const pixelated = frame.scale >= 4;
  // The swipe line, as a share of the art's frame: left of it the original, right of it the SVG.
  const splitInFrame = Math.min(100, Math.max(0, (((size.width * split) / 100 - frame.left) / frame.width) * 100));

  // Pointers down on the stage: one pans, two pinch.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const splitDrag = useRef(false);
  const viewRef = useRef(view);
  viewRef.current = view;

  function stagePoint(event: PointerEvent | WheelEvent) {
    const box = stageRef.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    const paneWidth = side ? box.width / 2 : box.width;
    const x = (event.clientX - box.left) % paneWidth;
    return { x: x - paneWidth / 2, y: event.clientY - box.top - box.height / 2 };
  }

  function onWheel(event: WheelEvent) {
    event.preventDefault();
    onView(zoomedBy(viewRef.current, Math.exp(-event.deltaY / 400), stagePoint(event)));
  }

  // Wheel listeners must be non-passive to stop the page from scrolling.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      stage.removeEventListener('wheel', onWheel);
    };
  });

  function onPointerDown(event: PointerEvent) {
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    const target = event.target as HTMLElement;
    splitDrag.current = target.classList.contains('swipe-handle');
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  }

  function onPointerMove(event: PointerEvent) {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const box = stageRef.current?.getBoundingClientRect();
    if (splitDrag.current && box) {
      setSplit(Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100)));
      return;
    }
    const current = { x: event.clientX, y: event.clientY };
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    const other = others[0]?.[1];
    pointers.current.set(event.pointerId, current);
    const now = viewRef.current;
    if (other) {
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(current.x - other.x, current.y - other.y);
      if (before > 0) onView(zoomedBy(now, after / before, stagePoint(event)));
      return;
    }
    if (now.zoom === 1) return;
    onView({ ...now, pan: { x: now.pan.x + current.x - previous.x, y: now.pan.y + current.y - previous.y } });
  }

  function onPointerUp(event: PointerEvent) {
    pointers.current.delete(event.pointerId);
    splitDrag.current = false;
  }

  function onKeyDown(event: KeyboardEvent) {
    const step = 40;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (!move || view.zoom === 1) return;
    event.preventDefault();
    onView({ ...view, pan: { x: view.pan.x + move[0], y: view.pan.y + move[1] } });
  }

  const svgImage = (
    <img class="svg" src={url} alt={`The SVG, ${job.width} by ${job.height} pixels`} draggable={false} />
  );
  const originalImage = <OriginalImage original={original} job={job} frame={frame} pixelated={pixelated} />;

  return (
    <div class="viewer">
      <ViewerToolbar view={view} onView={onView} />
      <div
        ref={stageRef}
        class={`stage backdrop-${view.backdrop} ${side ? 'side' : 'swipe'} ${view.zoom > 1 ? 'zoomed' : ''}`}
        tabIndex={0}
        role="group"
        aria-roledescription="image viewer"
        aria-label={`Original and SVG, ${side ? 'side by side' : 'swipe'}, zoom ${Math.round(view.zoom * 100)}%. Arrow keys pan when zoomed in.`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        {side ? (
          <>
            <div class="pane">
              <Layer frame={frame}>{originalImage}</Layer>
              <span class="pane-label">Original</span>
            </div>
            <div class="pane">
              <Layer frame={frame}>{svgImage}</Layer>
              <span class="pane-label">SVG</span>
            </div>
          </>
        ) : (
          <>
            <Layer frame={frame} clip={`inset(0 ${100 - splitInFrame}% 0 0)`}>
              {originalImage}
            </Layer>
            <Layer frame={frame} clip={`inset(0 0 0 ${splitInFrame}%)`}>
              {svgImage}
            </Layer>
            <div class="swipe-line" style={{ left: `${split}%` }}>
              <span class="swipe-handle" aria-hidden="true" />
            </div>
            <span class="pane-label left">Original</span>
            <span class="pane-label right">SVG</span>
          </>
        )}
      </div>
      {!side && (
        <label class="swipe-range">
          <span class="visually-hidden">Swipe between the original and the SVG</span>
          <input
            type="range"
            min={0}
            max={100}
            value={split}
            aria-valuetext={`${Math.round(split)}% original`}
            onInput={(event) => {
              setSplit(Number(event.currentTarget.value));
            }}
          />
        </label>
      )}
    </div>
  );
}
