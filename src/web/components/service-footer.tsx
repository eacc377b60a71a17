/**
 * The rest of the service: featured sponsors and live visitor counts (hidden
 * quietly when the service has none or answers 503), and the ways in for
 * developers and agents.
 */
import { useEffect, useState } from 'preact/hooks';

import { sponsors as fetchSponsors, stats as fetchStats, type ServiceIndex, type Sponsor, type Stats } from '../api.js';
import { counted } from '../wording.js';

export function ServiceFooter(props: {
  index: ServiceIndex | undefined;
  onCopy: (text: string, what: string) => void;
}) {
  const [sponsors, setSponsors] = useState<Sponsor[]>([]);
  const [stats, setStats] = useState<Stats | undefined>();
  useEffect(() => {
    fetchSponsors()
      .then((list) => {
        setSponsors(list.current);
      })
      .catch(() => undefined);
    fetchStats()
      .then(setStats)
      .catch(() => undefined);
  }, []);
  const mcp = props.index?.mcp ?? `${location.origin}/api/mcp/`;
  return (
    <footer class="site-footer">
      {sponsors.length > 0 && (
        <section aria-labelledby="sponsors-heading" class="sponsors">
          <h2 id="sponsors-heading">Sponsors</h2>
          <ul>
            {sponsors.map((sponsor) => (
              <li>
                <a href={sponsor.url} rel="sponsored noopener" target="_blank">
                  <img src={sponsor.logo} alt="" height={32} />
                  <span>{sponsor.name}</span>
                </a>
                <span class="hint">{sponsor.description}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="developers-heading" class="developers">
        <h2 id="developers-heading">For developers and agents</h2>
        <ul>
          <li>
            <a href="/docs">Developer portal</a> and the <a href="/openapi.json">OpenAPI document</a>: this page uses
            only the public API.
          </li>
          <li>
            MCP server for agents: <code>{mcp}</code>{' '}
            <button
              type="button"
              class="link"
              onClick={() => {
                props.onCopy(mcp, 'The MCP address');
              }}
            >
              Copy
            </button>
            <br />
            Add it to your MCP client as a Streamable HTTP server; no key needed.
          </li>
        </ul>
      </section>
      <p class="fine-print">
        Free and anonymous. Results are deleted after {lifetime(props.index)}.
        {stats && stats.visitors.today > 0 && (
          <>
            {' '}
            <span class="stats">
              {counted(stats.visitors.last_5_minutes, 'visitor')} in the last 5 minutes, {stats.visitors.today} today.
            </span>
          </>
        )}
      </p>
    </footer>
  );
}

function lifetime(index: ServiceIndex | undefined): string {
  const seconds = index?.limits.job_lifetime_seconds;
  if (!seconds) return 'a few hours';
  const hours = seconds / 3600;
  if (Number.isInteger(hours)) return hours === 1 ? 'one hour' : `${hours} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}
