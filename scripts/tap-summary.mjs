#!/usr/bin/env node
// Passes a TAP stream through and ends it with the plain line CI reads:
// "N passed, N failed, N skipped", counting leaf assertions (a subtest's own
// summary line is not counted again; TAP escapes a '#' in a name as '\#').
// Exits 1 on any failure or an empty run.
import { createInterface } from 'node:readline';

const subtestNames = new Set();
let passed = 0;
let failed = 0;
let skipped = 0;
let bailed = false;

for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(`${line}\n`);
  const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
  if (subtest) {
    subtestNames.add(`${subtest[1]}|${subtest[2]}`);
    continue;
  }
  if (/^\s*Bail out!/.test(line)) bailed = true;
  const result = /^(\s*)(not ok|ok) \d+(?: - ((?:[^#\\]|\\.)*?))?\s*(#\s*(\w+).*)?$/.exec(line);
  if (!result) continue;
  const [, indent, status, name = '', , directive = ''] = result;
  const key = `${indent}|${name.trim()}`;
  if (subtestNames.has(key)) {
    subtestNames.delete(key);
    // A failing subtest without failing leaves (a thrown error, a timeout) still fails.
    if (status === 'not ok' && !/todo|skip/i.test(directive)) failed++;
    continue;
  }
  if (/^(skip|todo)$/i.test(directive)) skipped++;
  else if (status === 'ok') passed++;
  else failed++;
}

if (bailed) failed++;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
