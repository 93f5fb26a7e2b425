/**
 * Entry point: `node --import tsx server/main.ts`. Starts on PORT (0 picks a free port), logs
 * the address, and on SIGTERM/SIGINT stops taking requests, finishes those in flight and
 * closes the database before exiting.
 */
import { buildApp } from '@server/app';
import { ConfigError, loadConfig } from '@server/config';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = await loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down');
    // A request that never finishes must not keep the process alive forever.
    setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
