/**
 * The trace settings. A change re-uploads the kept image with the new form
 * fields (POST /api/vectorize), so each setting makes a new job in the history.
 */
import { useEffect, useState } from 'preact/hooks';

import { COLOR_CHOICES, SMOOTHING_DESCRIPTION, SMOOTHING_MAX } from '../../core/setting-values.js';
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
