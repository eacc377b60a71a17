/** A V8 CPU profile (`node --cpu-prof`) reduced to self time per part of the program, largest first. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  /** Microseconds before each sample. */
  timeDeltas: number[];
}

export interface ProfileShare {
  part: string;
  ms: number;
}

/**
 * Who a frame belongs to: V8's own entries ("(idle)": the main thread waiting, here for the
 * engine on the threadpool; "(program)", "(garbage collector)"), Node's internals, an npm
 * package, or a file of the project relative to `root`.
 */
function partOf({ functionName, url }: ProfileNode['callFrame'], root: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native code)';
  if (url.startsWith('node:')) return 'Node internals (module loading, fs, streams)';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackage) return `package ${inPackage[1]}`;
  return path.relative(root, file);
}

/** Self time per part of the main thread's program over the whole profile, largest first. */
export async function summarizeCpuProfile(
  file: string,
  root: string,
): Promise<{ totalMs: number; parts: ProfileShare[] }> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const part = new Map(profile.nodes.map((node) => [node.id, partOf(node.callFrame, root)]));
  const ms = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const name = part.get(id) ?? '(unknown)';
    ms.set(name, (ms.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const parts = [...ms].map(([name, value]) => ({ part: name, ms: value })).sort((a, b) => b.ms - a.ms);
  return { totalMs: (profile.endTime - profile.startTime) / 1000, parts };
}
