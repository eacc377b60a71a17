/**
 * What a whole process costs: its CPU time (user + system, every thread, as
 * the kernel counts a child for its parent) and wall time, from start to exit.
 */
import { spawn } from 'node:child_process';

export interface ProcessCost {
  /** User plus system CPU time. */
  cpuMs: number;
  wallMs: number;
}

/** bash's `times` prints its children's user and system time ("0m1.234s 0m0.056s") after the command exits. */
const TIMED = '"$@" >/dev/null || exit $?; times';

function seconds(field: string): number {
  const match = /^(\d+)m([\d.]+)s$/.exec(field);
  if (!match) throw new Error(`unexpected times output: ${field}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Runs `command args` to its end (stdout discarded) and measures it; rejects with its stderr when it fails. `env` replaces
 * the inherited environment when given.
 */
export function measureProcess(
  command: string,
  args: readonly string[],
  cwd: string,
  env?: NodeJS.ProcessEnv,
): Promise<ProcessCost> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('bash', ['-c', TIMED, 'bash', command, ...args], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      const wallMs = performance.now() - started;
      if (status !== 0) {
        reject(new Error(`${command} ${args.slice(0, 3).join(' ')} ... exited ${status}: ${stderr.slice(-2000)}`));
        return;
      }
      // The second line is the children's times: the command's own.
      const [user = '', system = ''] = (stdout.trim().split('\n').at(-1) ?? '').split(' ');
      resolve({ cpuMs: (seconds(user) + seconds(system)) * 1000, wallMs });
    });
  });
}
