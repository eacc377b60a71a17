/** The keyboard shortcuts, listed under `?` in a modal dialog. */
import { useEffect, useRef } from 'preact/hooks';

export const SHORTCUTS: readonly [string, string][] = [
  ['O', 'Open a logo file'],
  ['Ctrl/⌘ V', 'Paste an image'],
  ['+ / −', 'Zoom in / out'],
  ['0', 'Fit the logo in the viewer'],
  ['Arrows', 'Pan the zoomed viewer (when it has focus)'],
  ['M', 'Swipe or side by side'],
  ['B', 'Next backdrop'],
  ['L', 'Outlines on or off'],
  ['[ / ]', 'Previous / next result'],
  ['D', 'Download the SVG'],
  ['?', 'This list'],
];

export function ShortcutsDialog(props: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog ref={dialog} aria-labelledby="shortcuts-heading" onClose={props.onClose}>
      <h2 id="shortcuts-heading">Keyboard shortcuts</h2>
      <dl class="shortcuts">
        {SHORTCUTS.map(([keys, what]) => (
          <div>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <button type="submit" class="primary">
          Close
        </button>
      </form>
    </dialog>
  );
}
