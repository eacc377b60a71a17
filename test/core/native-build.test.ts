/**
 * The addon's two builds (src/core/native-build.ts): which one a CPU loads,
 * and that the x86-64-v3 copy traces every kind of input to the same bytes
 * as the build for every x86-64 CPU, so the choice changes only speed. The
 * second half runs where a checkout built both and the CPU runs the faster.
 */
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

import t from 'tap';

import type * as NativeBinding from '../../native/binding.js';
import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import { NATIVE_LOADERS, loadNativeAddon, nativeBuild, runsX86_64V3 } from '../../src/core/native-build.js';
import { NATIVE_BUILD } from '../../src/core/tracer.js';
import { busyLogo, curvyLogo, fiveColorLogo, jpeg, png, renderSvg, svgDoc, webp } from '../helpers/fixtures.js';

const HASWELL_FLAGS =
  'fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall ' +
  'nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology nonstop_tsc cpuid pni pclmulqdq ssse3 fma cx16 pcid ' +
  'sse4_1 sse4_2 x2apic movbe popcnt aes xsave avx f16c rdrand hypervisor lahf_lm abm bmi1 avx2 smep bmi2 erms';
const cpuinfo = (flags: string): string =>
  `processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: ${flags}\nbugs\t\t: spectre_v1\n\nprocessor\t: 1\nflags\t\t: ${flags}\n`;

t.test('a CPU runs the x86-64-v3 build only when Linux lists every flag it needs', async (t) => {
  t.ok(runsX86_64V3(cpuinfo(HASWELL_FLAGS)), 'a Haswell-class CPU');
  for (const missing of ['avx2', 'fma', 'bmi2', 'abm', 'movbe', 'sse4_2']) {
    const without = HASWELL_FLAGS.split(' ').filter((flag) => flag !== missing);
    t.notOk(runsX86_64V3(cpuinfo(without.join(' '))), `not without ${missing}`);
  }
  // avx2 and avx512f hold the letters of avx, but not the flag.
  t.notOk(runsX86_64V3(cpuinfo(`${HASWELL_FLAGS.replace(' avx ', ' ')} avx512f`)), 'a flag is matched whole');
  t.notOk(runsX86_64V3('processor\t: 0\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32\n'), 'an Arm CPU');
  t.notOk(runsX86_64V3(''), 'no /proc/cpuinfo');
});

t.test('this process traces with the build its CPU and its install allow', async (t) => {
  // nativeBuild() names the build to try; one that failed to load would read x86-64 here.
  t.equal(NATIVE_BUILD, nativeBuild());
  t.ok(existsSync(NATIVE_LOADERS[NATIVE_BUILD]), `${NATIVE_BUILD}'s loader exists`);
  if (NATIVE_BUILD === 'x86-64') {
    const reason = !existsSync(NATIVE_LOADERS['x86-64-v3'])
      ? 'no x86-64-v3 copy was built here'
      : 'the x86-64-v3 copy predates the first build, or this CPU does not run its code';
    t.comment(`the x86-64 build: ${reason}`);
  }
});

t.test(
  'the x86-64-v3 copy is chosen only where it was built with or after the first build',
  { skip: !(process.platform === 'linux' && process.arch === 'x64') && 'x86-64 Linux only' },
  async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'native-build-'));
    t.teardown(() => {
      rmSync(dir, { recursive: true, force: true });
    });
    const loaders = { 'x86-64': path.join(dir, 'first.cjs'), 'x86-64-v3': path.join(dir, 'v3.cjs') } as const;
    const haswell = () => cpuinfo(HASWELL_FLAGS);
    writeFileSync(loaders['x86-64'], '');
    t.equal(nativeBuild(loaders, haswell), 'x86-64', 'no copy built');
    writeFileSync(loaders['x86-64-v3'], '');
    const at = (loader: string, seconds: number) => {
      utimesSync(loader, seconds, seconds);
    };
    at(loaders['x86-64'], 1000);
    at(loaders['x86-64-v3'], 1010);
    t.equal(nativeBuild(loaders, haswell), 'x86-64-v3', 'built after the first');
    t.equal(
      nativeBuild(loaders, () => cpuinfo('fpu sse sse2')),
      'x86-64',
      'a CPU without the instructions',
    );
    at(loaders['x86-64'], 1020);
    t.equal(nativeBuild(loaders, haswell), 'x86-64', 'the first rebuilt alone since');
  },
);

t.test('a preferred x86-64-v3 build that fails to load gives way to the first build', async (t) => {
  const tried: string[] = [];
  const loader = (broken: boolean) => (path: string) => {
    tried.push(path);
    if (broken && path === NATIVE_LOADERS['x86-64-v3']) throw new Error('built for another system');
    return `addon from ${path}`;
  };
  t.same(loadNativeAddon(loader(false), 'x86-64-v3'), {
    build: 'x86-64-v3',
    addon: `addon from ${NATIVE_LOADERS['x86-64-v3']}`,
  });
  t.same(loadNativeAddon(loader(true), 'x86-64-v3'), {
    build: 'x86-64',
    addon: `addon from ${NATIVE_LOADERS['x86-64']}`,
  });
  tried.length = 0;
  t.same(loadNativeAddon(loader(false), 'x86-64'), {
    build: 'x86-64',
    addon: `addon from ${NATIVE_LOADERS['x86-64']}`,
  });
  t.same(tried, [NATIVE_LOADERS['x86-64']], 'the first build is chosen without trying the other');
});

const bothBuilt = nativeBuild() === 'x86-64-v3';

t.test(
  'the x86-64-v3 build traces every kind of input to the same bytes',
  { skip: !bothBuilt && 'needs both builds, current, and an x86-64-v3 CPU' },
  async (t) => {
    const load = (loader: string) => createRequire(import.meta.url)(loader) as typeof NativeBinding;
    const [portable, v3] = [load(NATIVE_LOADERS['x86-64']), load(NATIVE_LOADERS['x86-64-v3'])];
    const logo = png(fiveColorLogo());
    const ramp =
      `<defs><linearGradient id="r" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="256" y2="256">` +
      `<stop offset="0" stop-color="#6a11cb"/><stop offset="1" stop-color="#2575fc"/></linearGradient></defs>` +
      `<rect x="16" y="16" width="224" height="224" rx="40" fill="url(#r)"/>` +
      `<circle cx="128" cy="128" r="60" fill="#ffffff" fill-opacity="0.5"/>`;
    const inputs: [string, Buffer][] = [
      ['a flat logo (PNG)', logo],
      ['the same as JPEG q70 on a colored paper', await jpeg(logo, 70, '#2b4c7e')],
      ['the same as lossy WebP', await webp(logo, false)],
      ['round shapes', png(curvyLogo())],
      ['a gradient under a translucent disc', renderSvg(svgDoc(256, 256, ramp))],
      ['many shapes', busyLogo(600, 80)],
    ];
    for (const [name, image] of inputs) {
      for (const settings of [DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, smoothing: 0, colors: 3 }]) {
        const [a, b] = await Promise.all([portable.traceImage(image, settings), v3.traceImage(image, settings)]);
        t.equal(b.svg, a.svg, `${name}, smoothing ${settings.smoothing}, colors ${settings.colors}`);
      }
    }
  },
);
