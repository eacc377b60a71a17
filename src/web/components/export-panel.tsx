/** Taking the result away: the SVG (file or markup), the PNG preview, print files, and the cap and t-shirt mockups. */
import { useEffect, useState } from 'preact/hooks';

import { jobFile, type Job } from '../api.js';

interface ExportPanelProps {
  job: Job;
  onCopySvg: () => void;
}

export function ExportPanel(props: ExportPanelProps) {
  const { job, onCopySvg } = props;
  return (
    <section class="panel" aria-labelledby="export-heading">
      <h2 id="export-heading">Download</h2>
      <div class="actions">
        <a class="button primary" href={jobFile.svgDownload(job)} download>
          Download SVG
        </a>
        <button type="button" class="secondary" onClick={onCopySvg}>
          Copy SVG markup
        </button>
        <a class="button secondary" href={jobFile.preview(job)} download="logo-preview.png">
          Download PNG
        </a>
      </div>
      <div class="actions">
        <a class="button secondary" href={jobFile.printDownload(job, 'pdf')} download>
          PDF for print
        </a>
        <a class="button secondary" href={jobFile.printDownload(job, 'eps')} download>
          EPS for print
        </a>
      </div>
    </section>
  );
}

const MOCKUP_KINDS = ['cap', 'tshirt'] as const;
type MockupKind = (typeof MOCKUP_KINDS)[number];

export function Mockups(props: { job: Job }) {
  const { job } = props;
  // The server renders each mockup on first request (about a second): say so until it arrives.
  const [loaded, setLoaded] = useState<MockupKind[]>([]);
  useEffect(() => {
    setLoaded([]);
  }, [job.id]);
  return (
    <section class="mockups" aria-labelledby="mockups-heading">
      <h2 id="mockups-heading">On a cap and a t-shirt</h2>
      <div class="mockup-grid">
        {MOCKUP_KINDS.map((kind) => (
          <figure class={loaded.includes(kind) ? '' : 'rendering'}>
            <a href={jobFile.mockup(job, kind)} target="_blank" rel="noopener">
              <img
                src={jobFile.mockup(job, kind)}
                alt={`The logo on a ${kind === 'cap' ? 'cap' : 't-shirt'}`}
                width={600}
                height={600}
                loading="lazy"
                onLoad={() => {
                  setLoaded((kinds) => [...kinds, kind]);
                }}
              />
            </a>
            <figcaption>
              {kind === 'cap' ? 'Cap' : 'T-shirt'}
              {!loaded.includes(kind) && ' (rendering…)'}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
