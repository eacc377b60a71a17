/** The server entry: reads the config, builds the app, listens, and closes gracefully on SIGINT/SIGTERM. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp({ config });

// The largest upload (UPLOAD_MAX_BYTES) on a slow link, then the largest trace.
app.server.requestTimeout = 120_000;
app.server.headersTimeout = 30_000;
app.server.keepAliveTimeout = 10_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'closing');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'failed to close');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
