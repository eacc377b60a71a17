/**
 * schemathesis with every check against a running server's /openapi.json
 * (test/system/http/schemathesis.test.ts and `npm run reliability`). It is installed
 * from PyPI into .venv (requirements-dev.txt; .ci/run does it).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const PROJECT_ROOT = join(import.meta.dirname, '../..');
const SCHEMATHESIS = process.env.SCHEMATHESIS_BIN ?? join(PROJECT_ROOT, '.venv/bin/schemathesis');

/** Why schemathesis cannot run here, or false when it can. */
export const schemathesisMissing = existsSync(SCHEMATHESIS)
  ? false
  : `schemathesis is not installed at ${SCHEMATHESIS}: python3 -m venv .venv && .venv/bin/pip install -r requirements-dev.txt`;

export interface SchemathesisRun {
  exitCode: number;
  /** Test cases it generated. */
  cases: number;
  /** Distinct failures it reported (0 when it found nothing). */
  failures: number;
  /** Its last lines: the summary. */
  summary: string;
  output: string;
}

/**
 * Runs every check against `base`, with `examplesPerOperation` generated cases each (the test suite uses
 * fewer than the reliability report); `jobToken` is a live job for the operations under /api/jobs/{token}.
 */
export async function runSchemathesis(
  base: string,
  jobToken: string,
  examplesPerOperation: number,
): Promise<SchemathesisRun> {
  const run = await promisify(execFile)(
    SCHEMATHESIS,
    [
      'run',
      `${base}/openapi.json`,
      '--checks',
      'all',
      '--max-examples',
      String(examplesPerOperation),
      '--workers',
      '1',
      '--no-color',
    ],
    { cwd: PROJECT_ROOT, env: { ...process.env, JOB_TOKEN: jobToken }, maxBuffer: 64 * 1024 * 1024, timeout: 540_000 },
  ).then(
    (out) => ({ exitCode: 0, output: out.stdout }),
    (failure: unknown) => {
      const error = failure as { code?: number; stdout?: string; stderr?: string };
      return { exitCode: error.code ?? -1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` };
    },
  );
  const summary = run.output
    .split('\n')
    .filter((line) => /generated|failures?|passed|in \d/.test(line))
    .slice(-4)
    .join(' | ');
  return {
    ...run,
    cases: Number(/(\d+) generated/.exec(run.output)?.[1] ?? 0),
    failures: Number(/(\d+) failures?\b/.exec(summary)?.[1] ?? (run.exitCode === 0 ? 0 : 1)),
    summary,
  };
}
