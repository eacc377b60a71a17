#!/usr/bin/env node
/**
 * The logo-vectorize executable. CommonJS, so that a bare `--version` answers before Node starts its ES module loader
 * (about 10 ms of a start-up that is otherwise Node's own); every other command line goes to the CLI proper, index.js.
 */
import { packageVersion } from './version.cjs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) process.stdout.write(`${packageVersion()}\n`);
else void import('./index.js');
