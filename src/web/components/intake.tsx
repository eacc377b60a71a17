/**
 * Bringing a logo: a file picker, the built-in sample, and the hint that a
 * drop anywhere on the page or a paste works too (the page handles those).
 */
import type { Ref } from 'preact';

import type { Limits } from '../api.js';
import { formatBytes } from '../upload-checks.js';

interface IntakeProps {
  fileInput: Ref<HTMLInputElement>;
  limits: Limits | undefined;
  busy: boolean;
  compact: boolean;
  onFile: (file: File) => void;
  onSample: () => void;
}

export function Intake(props: IntakeProps) {
  const { limits } = props;
  return (
    <section class={props.compact ? 'intake compact' : 'intake'} aria-labelledby="intake-heading">
      <h2 id="intake-heading">{props.compact ? 'Another logo' : 'Turn a logo into a clean SVG'}</h2>
      {!props.compact && (
        <p class="lead">
          Upload a PNG, JPEG or WebP logo: you get an SVG with its exact brand colors, previews, mockups and a complete
          brand kit. Free, no account.
        </p>
      )}
      <div class="actions">
        <label class={`button primary${props.busy ? ' disabled' : ''}`}>
          Choose a file
          <input
            ref={props.fileInput}
            class="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={props.busy}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) props.onFile(file);
            }}
          />
        </label>
        <button type="button" class="secondary" disabled={props.busy} onClick={props.onSample}>
          Try the sample
        </button>
      </div>
      <p class="hint">
        Or drop an image anywhere on the page, or paste one. PNG, JPEG or WebP
        {limits &&
          `, up to ${formatBytes(limits.upload_max_bytes)} and ${limits.image_min_side_px} to ${limits.image_max_side_px} px per side`}
        .
      </p>
    </section>
  );
}
