/**
 * The page-wide behaviours of the app, one hook each: a passing message, a
 * file dropped or pasted anywhere, the keyboard shortcuts, and the notice
 * when the service deletes the result shown.
 */
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

import { firstImage } from './upload-checks.js';

/** A short message shown for a moment (the toast), and the function that says one. */
export function useToast(): [string, (text: string) => void] {
  const [toast, setToast] = useState('');
  function say(text: string) {
    setToast(text);
    setTimeout(() => {
      setToast((current) => (current === text ? '' : current));
    }, 2500);
  }
  return [toast, say];
}

/** A field that takes typed characters: there, keys are text, not shortcuts (radios, switches and sliders are not). */
const KEYS_FOR_CHOICE = new Set(['radio', 'checkbox', 'range', 'file', 'button', 'submit', 'reset', 'color']);

function isTyping(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return !KEYS_FOR_CHOICE.has(target.type);
  return target instanceof HTMLElement && (target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName));
}

/** An image dropped or pasted anywhere on the page goes to `take` (unless `busy`); says whether a drag is over it. */
export function useDropAndPaste(take: (file: File) => void, busy: boolean): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const onDragLeave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const file = firstImage(event.dataTransfer?.files);
      if (file && !busy) take(file);
    };
    const onPaste = (event: ClipboardEvent) => {
      if (isTyping(event.target)) return;
      const file = firstImage(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      if (!busy) take(file);
    };
    document.addEventListener('dragover', onDragOver);
    document.addEventListener('dragleave', onDragLeave);
    document.addEventListener('drop', onDrop);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('dragover', onDragOver);
      document.removeEventListener('dragleave', onDragLeave);
      document.removeEventListener('drop', onDrop);
      document.removeEventListener('paste', onPaste);
    };
  });
  return dragging;
}

/**
 * Keyboard shortcuts: `actions` by key (lower case), never while typing in a
 * field or with a modifier held; `?` calls `showList` and, while the list is
 * `listOpen`, no other key acts. A layout effect, so the listener sees this
 * render's state at once: a deferred one left a moment after "[" when "]"
 * still used the old position and was lost.
 */
export function useShortcuts(actions: Record<string, () => void>, showList: () => void, listOpen: boolean): void {
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '?') {
        showList();
        return;
      }
      if (listOpen) return;
      const action = actions[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  });
}

/**
 * Calls `expired` at `deletesAt` (ms since the epoch), when the service deletes the result `shown`; restarted
 * for each result shown, not for each render.
 */
export function useExpiry(shown: object | undefined, deletesAt: number | undefined, expired: () => void): void {
  useEffect(() => {
    if (shown === undefined || deletesAt === undefined) return;
    const timer = setTimeout(expired, Math.max(0, Math.min(deletesAt - Date.now(), 2 ** 31 - 1)));
    return () => {
      clearTimeout(timer);
    };
  }, [shown, deletesAt]);
}
