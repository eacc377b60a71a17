/** src/cli owns logo-vectorize, the command line: batch conversion of raster logos to SVG on one's own machine. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';

import { ServiceError } from '../core/errors.js';
import { parseCli, USAGE, UsageError, type CliOptions } from './args.js';
import { packageVersion } from './version.cjs';

interface Converted {
  input: string;
  output: string;
  palette: string[];
  /** Each gradient's stop colors, in order along it. */
  gradients: string[][];
  width: number;
  height: number;
  bytes: number;
  ms: number;
  warning: string;
}

function outputPath(input: string, options: CliOptions): string {
  if (options.output !== undefined) return options.output;
  const name = `${path.basename(input, path.extname(input))}.svg`;
  return options.outDir !== undefined ? path.join(options.outDir, name) : path.join(path.dirname(input), name);
}

interface Conversion {
  input: string;
  output: string;
}

/** Two inputs must never overwrite each other's SVG (a/logo.png and b/logo.jpg into one --out-dir). */
function findCollisions(conversions: readonly Conversion[]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const { input, output } of conversions) {
    const key = path.resolve(output);
    const first = seen.get(key);
    if (first !== undefined) problems.push(`${input} and ${first} would both write ${output}`);
    else seen.set(key, input);
  }
  return problems;
}

type Vectorize = typeof import('../core/tracer.js').vectorize;

async function convert(vectorize: Vectorize, input: string, output: string, options: CliOptions): Promise<Converted> {
  const bytes = await readFile(input);
  const started = performance.now();
  const result = await vectorize(bytes, options.settings);
  const ms = performance.now() - started;
  await writeFile(output, result.svg);
  return {
    input,
    output,
    palette: result.palette,
    gradients: result.gradients,
    width: result.width,
    height: result.height,
    bytes: Buffer.byteLength(result.svg),
    ms: Math.round(ms * 10) / 10,
    warning: result.warning,
  };
}

/** ', 1 gradient' and so on, or '' for a logo of flat colors. */
function gradientNote({ gradients }: Converted): string {
  if (gradients.length === 0) return '';
  return `, ${gradients.length} gradient${gradients.length === 1 ? '' : 's'}`;
}

function describeFailure(input: string, error: unknown): string {
  if (error instanceof ServiceError) return `${input}: ${error.message} (${error.code})`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `${input}: no such file`;
  if (code === 'EISDIR') return `${input}: is a directory`;
  return `${input}: ${(error as Error).message}`;
}

async function main(argv: string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`logo-vectorize: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (options.version) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const conversions = options.inputs.map((input) => ({ input, output: outputPath(input, options) }));
  const collisions = findCollisions(conversions);
  if (collisions.length > 0) {
    process.stderr.write(`logo-vectorize: ${collisions.join('\n')}\n`);
    return 2;
  }
  if (options.outDir !== undefined) await mkdir(options.outDir, { recursive: true });
  // The engine loads only now: --help, --version and usage errors answer without it.
  const { vectorize } = await import('../core/tracer.js');

  const total = options.inputs.length;
  const showProgress = process.stderr.isTTY && total > 1;
  let done = 0;
  let failed = 0;
  const report = (line: string, stream: NodeJS.WriteStream): void => {
    if (showProgress) process.stderr.write('\r\x1b[K');
    stream.write(`${line}\n`);
    if (showProgress) process.stderr.write(`[${done}/${total}] converting...`);
  };

  // A small pool keeps the threadpool busy; results print as each finishes.
  const queue = [...conversions];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { input, output } = next;
      try {
        const converted = await convert(vectorize, input, output, options);
        done++;
        const line = options.json
          ? JSON.stringify(converted)
          : `${input} -> ${converted.output} (${converted.width}x${converted.height}, ${converted.palette.join(' ')}${gradientNote(converted)}, ${converted.bytes} bytes)`;
        report(line, process.stdout);
        if (converted.warning && !options.json) report(`  note: ${converted.warning}`, process.stderr);
      } catch (error) {
        done++;
        failed++;
        report(`logo-vectorize: ${describeFailure(input, error)}`, process.stderr);
      }
    }
  };
  const poolSize = Math.min(total, Math.max(1, Math.min(availableParallelism(), 4)));
  await Promise.all(Array.from({ length: poolSize }, worker));
  if (showProgress) process.stderr.write('\r\x1b[K');
  if (failed > 0) process.stderr.write(`logo-vectorize: ${failed} of ${total} inputs failed\n`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
