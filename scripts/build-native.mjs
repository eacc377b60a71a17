// `npm run build:native`: the shipped addon into native/, and on an x86-64
// Linux machine a second copy of it compiled for x86-64-v3 (AVX2, FMA, BMI:
// Intel since Haswell, AMD since Excavator) into native/x86-64-v3/, which the
// engine's facade (src/core/native-build.ts) loads instead when the CPU runs
// it. Same source, same bytes out (Rust never fuses a multiply and an add on
// its own); the wider vectors trace about a tenth faster. Its own target
// folder, so the two builds' flags do not undo each other's cache.
//
// Arguments go to napi for the first build, as they did when this script was
// the napi command itself (`-- --target T`, `-- --output-dir DIR`: the
// release's and the package stage's builds), and such a build is the first
// alone: the packages carry nothing else.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..');
const NAPI = path.join(ROOT, 'node_modules', '.bin', 'napi');
const BUILD = ['build', '--platform', '--release', '--manifest-path', 'native/Cargo.toml'];
const LOADER = ['--js', 'binding.cjs', '--dts', 'binding.d.ts'];

function napiBuild(args, env = process.env) {
  execFileSync(NAPI, [...BUILD, ...LOADER, ...args], { cwd: ROOT, env, stdio: 'inherit' });
}

const napiArgs = process.argv.slice(2);
napiBuild(['--output-dir', 'native', ...napiArgs]);
if (napiArgs.length === 0 && process.platform === 'linux' && process.arch === 'x64') {
  const rustflags = [process.env.RUSTFLAGS, '-C target-cpu=x86-64-v3'].filter(Boolean).join(' ');
  napiBuild(['--output-dir', 'native/x86-64-v3', '--target-dir', 'target/x86-64-v3'], {
    ...process.env,
    RUSTFLAGS: rustflags,
  });
}
