/**
 * The trace settings. A change re-uploads the kept image with the new form
 * fields (POST /api/vectorize), so each setting makes a new job in the history.
 */
import { useEffect, useState } from 'preact/hooks';

import {
  BRAND_COLORS_MAX,
  COLOR_CHOICES,
  readBrandColors,
  SMOOTHING_DESCRIPTION,
  SMOOTHING_MAX,
} from '../../core/setting-values.js';
import type { TraceSettings } from '../api.js';
import { Segmented } from './segmented.js';

const COLOR_OPTIONS = COLOR_CHOICES.map((colors) => ({ value: colors, label: colors === 0 ? 'Auto' : String(colors) }));

/** The on/off settings, with what each does in a few words. */
const SWITCHES: readonly ['transparent' | 'trim', string][] = [
  ['transparent', 'Remove background'],
  ['trim', 'Trim to the logo'],
];

interface TunePanelProps {
  settings: TraceSettings;
  /** False when there is no image to re-trace, or while a job runs. */
  enabled: boolean;
  onChange: (settings: TraceSettings) => void;
}

export function TunePanel(props: TunePanelProps) {
  const { settings, enabled, onChange } = props;
  // The slider moves freely; the new job starts when it is let go.
  const [smoothing, setSmoothing] = useState(settings.smoothing);
  useEffect(() => {
    setSmoothing(settings.smoothing);
  }, [settings.smoothing]);
  const [brandText, setBrandText] = useState(settings.palette.join('\n'));
  const [brandProblem, setBrandProblem] = useState('');
  useEffect(() => {
    setBrandText(settings.palette.join('\n'));
    setBrandProblem('');
  }, [settings.palette]);
  // The new job starts when the field is left with colors other than the current ones.
  const applyBrandColors = (text: string) => {
    const { colors, unreadable } = readBrandColors(text);
    const problem =
      unreadable.length > 0
        ? `Not a hex color: ${unreadable.join(', ')} (write each as #rrggbb or #rgb)`
        : colors.length > BRAND_COLORS_MAX
          ? `At most ${BRAND_COLORS_MAX} brand colors (${colors.length} given)`
          : '';
    setBrandProblem(problem);
    if (problem === '' && colors.join() !== settings.palette.join()) onChange({ ...settings, palette: colors });
  };

  return (
    <section class="panel" aria-labelledby="tune-heading">
      <h2 id="tune-heading">Tune</h2>
      <Segmented
        name="colors"
        legend="Colors"
        options={COLOR_OPTIONS}
        value={settings.colors}
        disabled={!enabled}
        onChange={(colors) => {
          onChange({ ...settings, colors });
        }}
      />
      <div class="field">
        <label for="smoothing">
          Smoothing <output for="smoothing">{smoothing}</output>
        </label>
        <input
          id="smoothing"
          type="range"
          min={0}
          max={SMOOTHING_MAX}
          step={5}
          value={smoothing}
          disabled={!enabled}
          aria-describedby="smoothing-hint"
          onInput={(event) => {
            setSmoothing(Number(event.currentTarget.value));
          }}
          onChange={(event) => {
            onChange({ ...settings, smoothing: Number(event.currentTarget.value) });
          }}
        />
        <p id="smoothing-hint" class="hint">
          {SMOOTHING_DESCRIPTION}
        </p>
      </div>
      <div class="field">
        <label for="brand-colors">Brand colors</label>
        <textarea
          id="brand-colors"
          class="hex-list"
          rows={3}
          spellcheck={false}
          placeholder="#1d4ed8, #f59e0b"
          value={brandText}
          disabled={!enabled}
          aria-describedby="brand-colors-hint"
          aria-invalid={brandProblem !== ''}
          onInput={(event) => {
            setBrandText(event.currentTarget.value);
          }}
          onChange={(event) => {
            applyBrandColors(event.currentTarget.value);
          }}
        />
        <p id="brand-colors-hint" class="hint">
          {brandProblem === ''
            ? 'Exact hex codes, one per line or separated by commas: traced colors close to one become it exactly.'
            : ''}
          {brandProblem !== '' && <span role="alert">{brandProblem}</span>}
        </p>
      </div>
      <div class="switches">
        {SWITCHES.map(([name, label]) => (
          <label class="switch">
            <input
              type="checkbox"
              role="switch"
              checked={settings[name]}
              disabled={!enabled}
              onChange={(event) => {
                onChange({ ...settings, [name]: event.currentTarget.checked });
              }}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
