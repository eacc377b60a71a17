/** Command-line parsing for logo-vectorize, kept apart so it can be tested without running traces. */
import { parseArgs } from 'node:util';

import {
  BRAND_COLORS_MAX,
  COLOR_CHOICES,
  DEFAULT_SETTING_VALUES as DEFAULT_SETTINGS,
  settingsProblem,
  SMOOTHING_MAX,
  splitColorList,
} from '../core/setting-values.js';
import type { TraceSettings } from '../core/settings.js';

export const USAGE = `Usage: logo-vectorize [options] INPUT...

Trace PNG, JPEG or WebP logos into SVG files with their exact brand colors.

Options:
  --colors N        colors, a gradient counting as one: 0 (automatic), ${COLOR_CHOICES.slice(1).join(', ')} (default ${DEFAULT_SETTINGS.colors})
  --smoothing N     0 follows the pixels, ${SMOOTHING_MAX} gives the roundest curves (default ${DEFAULT_SETTINGS.smoothing})
  --palette LIST    brand colors, up to ${BRAND_COLORS_MAX} '#rrggbb' separated by commas or spaces: traced colors
                    close to one become it exactly (default none)
  --no-transparent  keep the background instead of removing it
  --no-trim         keep the full canvas instead of cropping to the logo
  --json            print one JSON line per converted input on stdout
  -o, --output F    output file (only with a single input)
  --out-dir DIR     write NAME.svg files into DIR (created if missing)
  -h, --help        show this help
  -v, --version     print the version

Without -o or --out-dir each SVG is written beside its input (logo.png -> logo.svg).
A bad input is reported on stderr and the others are still converted; the exit
status is 1 when any input failed, 2 for a usage error.`;

export interface CliOptions {
  settings: TraceSettings;
  json: boolean;
  output?: string;
  outDir?: string;
  inputs: string[];
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

function integer(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} takes a whole number, got "${raw}"`);
  return Number(raw);
}

export function parseCli(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        colors: { type: 'string' },
        smoothing: { type: 'string' },
        palette: { type: 'string' },
        'no-transparent': { type: 'boolean', default: false },
        'no-trim': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        output: { type: 'string', short: 'o' },
        'out-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const settings = {
    colors: integer('colors', values.colors) ?? DEFAULT_SETTINGS.colors,
    smoothing: integer('smoothing', values.smoothing) ?? DEFAULT_SETTINGS.smoothing,
    transparent: !values['no-transparent'],
    trim: !values['no-trim'],
    palette: values.palette === undefined ? DEFAULT_SETTINGS.palette : splitColorList(values.palette),
  };
  const problem = settingsProblem(settings);
  if (problem) throw new UsageError(`--${problem}`);
  const options: CliOptions = {
    // Checked against the settings' schema just above.
    settings: settings as TraceSettings,
    json: values.json,
    inputs: positionals,
    help: values.help,
    version: values.version,
  };
  if (values.output !== undefined) options.output = values.output;
  if (values['out-dir'] !== undefined) options.outDir = values['out-dir'];
  if (options.help || options.version) return options;
  if (options.inputs.length === 0) throw new UsageError('no input files given');
  if (options.output !== undefined && options.outDir !== undefined)
    throw new UsageError('use either -o or --out-dir, not both');
  if (options.output !== undefined && options.inputs.length > 1)
    throw new UsageError('-o takes a single input; use --out-dir for many');
  return options;
}
