/** A description of the machine a run happened on, since the speed figures only mean something with it. */
import { readFileSync } from 'node:fs';
import os from 'node:os';

import type { NativeBuild } from '../../src/core/native-build.js';
import { NATIVE_BUILD } from '../../src/core/tracer.js';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryBytes: number;
  os: string;
  node: string;
  /** The addon build the engine ran (src/core/native-build.ts). */
  addon: NativeBuild;
}

function distributionName(): string | null {
  try {
    return /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

export function describeMachine(): MachineInfo {
  const kernel = `${os.type()} ${os.release()} ${os.arch()}`;
  const distribution = distributionName();
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    os: distribution === null ? kernel : `${distribution} (${kernel})`,
    node: process.version,
    addon: NATIVE_BUILD,
  };
}

export function describeMachineLine(machine: MachineInfo): string {
  const memoryGb = (machine.memoryBytes / 1024 ** 3).toFixed(1);
  return `${machine.cpu}, ${machine.cores} cores, ${memoryGb} GiB memory, ${machine.os}, Node ${machine.node}, the addon built for ${machine.addon}`;
}
