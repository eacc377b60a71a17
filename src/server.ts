/**
 * The server entry: reads the config, builds the app and listens. On SIGTERM or SIGINT it stops
 * gracefully: no new requests, in-flight ones get SHUTDOWN_GRACE_SECONDS to finish, then traces
 * still running are cancelled (503) and the connections closed; the store is closed and the
 * process exits 0.
 */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { NATIVE_BUILD } from './core/tracer.js';

/** After the grace, how long cancelled requests get to send their 503 before connections are cut. */
const ANSWER_CANCELLED_MS = 2000;

const config = loadConfig();
const app = await buildApp({ config });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'stopping');
    const grace = setTimeout(() => {
      app.log.warn('grace period over: cancelling the traces still running');
      app.abortInFlight();
      setTimeout(() => {
        app.server.closeAllConnections();
      }, ANSWER_CANCELLED_MS).unref();
    }, config.shutdownGraceSeconds * 1000);
    grace.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'failed to stop');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info({ addon: NATIVE_BUILD }, `tracing with the addon built for ${NATIVE_BUILD}`);
