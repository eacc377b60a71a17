/**
 * Clients that go away mid-request are not server errors: against the real
 * server process, an MCP call and an upload cut off halfway leave no log line
 * at error level, and the server keeps answering.
 */
import { connect } from 'node:net';

import t from 'tap';

import { newDataDir } from '../../helpers/app.js';
import { startServer } from '../../helpers/server-process.js';

/** Sends the headers and part of a body that claims to be longer, then closes the connection. */
async function cutOff(base: string, path: string, contentType: string): Promise<void> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${contentType}\r\n` +
      'Accept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n{"jsonrpc":"2.0","id":1,',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

t.test('an MCP call and an upload cut off halfway log no error and the server keeps serving', async (t) => {
  const { base, child } = await startServer({ DATA_DIR: await newDataDir(t), LOG_LEVEL: 'info' });
  t.teardown(() => child.kill());
  const lines: { level: number; msg: string }[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      try {
        lines.push(JSON.parse(line) as { level: number; msg: string });
      } catch {
        // not a log line
      }
    }
  });
  await cutOff(base, '/api/mcp/', 'application/json');
  await cutOff(base, '/api/vectorize', 'multipart/form-data; boundary=x');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const errors = lines.filter((l) => l.level >= 50);
  t.same(errors, [], 'no line at error level');
  t.equal((await fetch(`${base}/api/health`)).status, 200, 'the server keeps answering');
});
