/**
 * The palette of the trace: a swatch per color with its hex code. Clicking a
 * swatch copies the code; hovering or focusing it highlights its shapes in
 * the viewer; hiding a color makes a new job without it (POST visibility on
 * the traced job), and at least one color always stays.
 */

interface PalettePanelProps {
  /** Every color of the trace, largest area first. */
  colors: string[];
  hidden: string[];
  enabled: boolean;
  onHighlight: (color: string | undefined) => void;
  onCopy: (hex: string) => void;
  onHidden: (hidden: string[]) => void;
}

export function PalettePanel(props: PalettePanelProps) {
  const { colors, hidden, enabled, onHighlight, onCopy, onHidden } = props;
  const visible = colors.filter((color) => !hidden.includes(color));
  return (
    <section class="panel" aria-labelledby="palette-heading">
      <h2 id="palette-heading">
        Palette{' '}
        <span class="count">
          {visible.length === colors.length ? colors.length : `${visible.length} of ${colors.length}`}
        </span>
      </h2>
      <ul class="swatches">
        {colors.map((color) => {
          const isHidden = hidden.includes(color);
          const lastVisible = !isHidden && visible.length === 1;
          return (
            <li class={isHidden ? 'swatch hidden' : 'swatch'}>
              <button
                type="button"
                class="chip"
                aria-label={`Copy ${color}`}
                onClick={() => {
                  onCopy(color);
                }}
                onMouseEnter={() => {
                  if (!isHidden) onHighlight(color);
                }}
                onMouseLeave={() => {
                  onHighlight(undefined);
                }}
                onFocus={() => {
                  if (!isHidden) onHighlight(color);
                }}
                onBlur={() => {
                  onHighlight(undefined);
                }}
              >
                <span class="dot" style={{ backgroundColor: color }} />
                <code>{color}</code>
              </button>
              <button
                type="button"
                class="link"
                disabled={!enabled || lastVisible}
                title={lastVisible ? 'At least one color stays visible' : undefined}
                aria-label={`${isHidden ? 'Show' : 'Hide'} ${color}`}
                onClick={() => {
                  onHidden(isHidden ? hidden.filter((c) => c !== color) : [...hidden, color]);
                }}
              >
                {isHidden ? 'Show' : 'Hide'}
              </button>
            </li>
          );
        })}
      </ul>
      {hidden.length > 0 && (
        <button
          type="button"
          class="secondary"
          disabled={!enabled}
          onClick={() => {
            onHidden([]);
          }}
        >
          Show every color
        </button>
      )}
    </section>
  );
}
