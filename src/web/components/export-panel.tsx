/** Taking the result away: the SVG (file or markup), the PNG preview, and the cap and t-shirt mockups. */
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
    </section>
  );
}

export function Mockups(props: { job: Job }) {
  const { job } = props;
  return (
    <section class="mockups" aria-labelledby="mockups-heading">
      <h2 id="mockups-heading">On a cap and a t-shirt</h2>
      <div class="mockup-grid">
        {(['cap', 'tshirt'] as const).map((kind) => (
          <figure>
            <a href={jobFile.mockup(job, kind)} target="_blank" rel="noopener">
              <img
                src={jobFile.mockup(job, kind)}
                alt={`The logo on a ${kind === 'cap' ? 'cap' : 't-shirt'}`}
                width={600}
                height={600}
                loading="lazy"
              />
            </a>
            <figcaption>{kind === 'cap' ? 'Cap' : 'T-shirt'}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
