/**
 * The palette of the trace: a swatch per color with its hex code, then one
 * per gradient showing its ramp. Clicking a swatch copies its code; hovering
 * or focusing it highlights its shapes in the viewer; hiding a color makes a
 * new job without it (POST visibility on the traced job), and hiding any stop
 * of a gradient hides the gradient's shape. At least one color always stays.
 * Editing a color's hex re-traces with it as a brand color (the `palette`
 * setting), which the traced color takes when it is close.
 */
import { readBrandColors } from '../../core/setting-values.js';
import { gradientBackground, isGradientHidden, showsSomething } from '../palette.js';

interface PalettePanelProps {
  /** Every color of the trace, largest area first. */
  colors: string[];
  /** Every gradient of the trace: its stop colors, each also in `colors`. */
  gradients: string[][];
  hidden: string[];
  enabled: boolean;
  onHighlight: (color: string | undefined) => void;
  onCopy: (text: string) => void;
  onHidden: (hidden: string[]) => void;
  /** The hex `color` was edited to: a brand color to re-trace with. */
  onBrandColor: (color: string, brandColor: string) => void;
}

export function PalettePanel(props: PalettePanelProps) {
  const { colors, gradients, hidden, enabled, onHighlight, onCopy, onHidden, onBrandColor } = props;
  const visible = colors.filter((color) => !hidden.includes(color));
  const leavesNothing = (more: readonly string[]) => !showsSomething(colors, gradients, [...hidden, ...more]);
  const highlighting = (color: string | undefined) => ({
    onMouseEnter: () => {
      onHighlight(color);
    },
    onMouseLeave: () => {
      onHighlight(undefined);
    },
    onFocus: () => {
      onHighlight(color);
    },
    onBlur: () => {
      onHighlight(undefined);
    },
  });
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
          const lastVisible = !isHidden && leavesNothing([color]);
          return (
            <li class={isHidden ? 'swatch hidden' : 'swatch'}>
              <button
                type="button"
                class="chip"
                aria-label={`Copy ${color}`}
                onClick={() => {
                  onCopy(color);
                }}
                {...highlighting(isHidden ? undefined : color)}
              >
                <span class="dot" style={{ backgroundColor: color }} />
                <code>{color}</code>
              </button>
              <input
                type="text"
                class="hex"
                value={color}
                size={7}
                spellcheck={false}
                disabled={!enabled}
                aria-label={`Brand hex for ${color}`}
                onChange={(event) => {
                  const [edited] = readBrandColors(event.currentTarget.value).colors;
                  if (edited === undefined) event.currentTarget.value = color;
                  else if (edited !== color) onBrandColor(color, edited);
                }}
              />
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
        {gradients.map((stops) => {
          const isHidden = isGradientHidden(stops, hidden);
          const lastVisible = !isHidden && leavesNothing(stops);
          const css = gradientBackground(stops);
          const name = `gradient ${stops.join(' to ')}`;
          return (
            <li class={isHidden ? 'swatch gradient hidden' : 'swatch gradient'}>
              <button
                type="button"
                class="chip"
                aria-label={`Copy the ${name} as CSS`}
                onClick={() => {
                  onCopy(css);
                }}
                {...highlighting(isHidden ? undefined : stops[0])}
              >
                <span class="ramp" style={{ backgroundImage: css }} />
                <code>{stops.join(' → ')}</code>
              </button>
              <button
                type="button"
                class="link"
                disabled={!enabled || lastVisible}
                title={lastVisible ? 'At least one color stays visible' : 'Hides or shows every color of the gradient'}
                aria-label={`${isHidden ? 'Show' : 'Hide'} the ${name}`}
                onClick={() => {
                  onHidden(isHidden ? hidden.filter((c) => !stops.includes(c)) : [...new Set([...hidden, ...stops])]);
                }}
              >
                {isHidden ? 'Show' : 'Hide'}
              </button>
            </li>
          );
        })}
      </ul>
      <p class="hint">Edit a hex code to re-trace with it as a brand color.</p>
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
