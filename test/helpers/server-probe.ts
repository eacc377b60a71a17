/**
 * Loaded into the server process under load (node --import), never into the
 * service: reports the server's own event-loop delay and memory over the IPC
 * channel its parent opened, so the load generator's work does not blur them.
 * Messages: 'reset' starts a new delay histogram; 'sample' answers a ProbeSample.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProbeSample {
  rssBytes: number;
  heapUsedBytes: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
}

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

process.on('message', (message) => {
  if (message === 'reset') delay.reset();
  if (message !== 'sample' || !process.send) return;
  const { rss, heapUsed } = process.memoryUsage();
  const sample: ProbeSample = {
    rssBytes: rss,
    heapUsedBytes: heapUsed,
    eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
    eventLoopDelayMaxMs: delay.max / 1e6,
  };
  process.send(sample);
});
// The channel must not keep a server alive that is asked to stop.
process.channel?.unref();
