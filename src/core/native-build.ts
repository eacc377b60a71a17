/**
 * Which build of the native addon this process loads. `npm run build:native`
 * (scripts/build-native.mjs) builds it for every x86-64 CPU into native/ and,
 * on x86-64 Linux, again for x86-64-v3 (AVX2, FMA, BMI: Intel since Haswell,
 * AMD since Excavator) into native/x86-64-v3/, whose wider vectors trace
 * about a tenth faster. The two give the same bytes (a test holds them to
 * it), so the choice changes only speed; a CPU without those instructions,
 * or an install without that copy (the npm packages carry the first build
 * alone), loads the first.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type NativeBuild = 'x86-64' | 'x86-64-v3';

/** Each build's loader, which napi generates beside its addon; src/core and dist/core sit two levels below the root. */
export const NATIVE_LOADERS: Readonly<Record<NativeBuild, string>> = {
  'x86-64': fileURLToPath(new URL('../../native/binding.cjs', import.meta.url)),
  'x86-64-v3': fileURLToPath(new URL('../../native/x86-64-v3/binding.cjs', import.meta.url)),
};

/** The CPU flags Linux lists for what x86-64-v3 adds to x86-64 (`abm` is LZCNT), v2's included. */
const X86_64_V3_FLAGS = [
  'cx16',
  'lahf_lm',
  'popcnt',
  'sse4_1',
  'sse4_2',
  'ssse3',
  'avx',
  'avx2',
  'bmi1',
  'bmi2',
  'f16c',
  'fma',
  'abm',
  'movbe',
  'xsave',
] as const;

/** Whether the CPU that /proc/cpuinfo (`cpuinfo`) describes runs x86-64-v3 code: its first `flags` line lists every flag. */
export function runsX86_64V3(cpuinfo: string): boolean {
  const line = /^flags\s*:(.*)$/m.exec(cpuinfo)?.[1];
  if (line === undefined) return false;
  const flags = new Set(line.trim().split(/\s+/));
  return X86_64_V3_FLAGS.every((flag) => flags.has(flag));
}

function readCpuinfo(): string {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
}

/**
 * The addon, as `load` (a `require`) returns it from `preferred`'s loader, or
 * from the first build's when that one fails to load (a copy built on
 * another system): the same traces, only slower.
 */
export function loadNativeAddon<Addon>(
  load: (loader: string) => Addon,
  preferred: NativeBuild = nativeBuild(),
): { build: NativeBuild; addon: Addon } {
  if (preferred === 'x86-64-v3') {
    try {
      return { build: preferred, addon: load(NATIVE_LOADERS[preferred]) };
    } catch {
      // The first build below traces the same.
    }
  }
  return { build: 'x86-64', addon: load(NATIVE_LOADERS['x86-64']) };
}

/**
 * The build to load here: x86-64-v3 where it was built, with the first
 * build or since, and this CPU (`cpuinfo`, /proc/cpuinfo's text) runs it. A
 * copy left from before the first was last rebuilt alone (a bare `napi
 * build`) may trace older code; napi writes each build's loader anew.
 */
export function nativeBuild(loaders = NATIVE_LOADERS, cpuinfo = readCpuinfo): NativeBuild {
  if (process.platform !== 'linux' || process.arch !== 'x64') return 'x86-64';
  const built = (build: NativeBuild) => statSync(loaders[build], { throwIfNoEntry: false })?.mtimeMs;
  const [first, fast] = [built('x86-64'), built('x86-64-v3')];
  const current = first !== undefined && fast !== undefined && fast >= first;
  return current && runsX86_64V3(cpuinfo()) ? 'x86-64-v3' : 'x86-64';
}
