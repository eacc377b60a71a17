/** Builds the app for a test on a fresh data folder, and tears both down after the test. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';

import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';

export interface Teardown {
  teardown(fn: () => unknown): void;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
}

export async function newDataDir(t: Teardown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lv-test-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** `env` is read like the process environment; DATA_DIR defaults to a fresh folder. */
export async function buildTestApp(
  t: Teardown,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'config'> = {},
): Promise<TestApp> {
  const dataDir = env.DATA_DIR ?? (await newDataDir(t));
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  const app = await buildApp({ config, logger: false, ...options });
  t.teardown(() => app.close());
  await app.ready();
  return { app, config, dataDir };
}

/** Fastify's printed route tree as "METHOD /path" lines, OPTIONS and HEAD left out. */
export function liveRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}
