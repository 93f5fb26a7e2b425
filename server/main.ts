/**
 * Entry point: `npm start` runs it bundled (scripts/start.mjs), `npm run dev` through tsx.
 * Starts on PORT (0 picks a free port), logs the address, and on SIGTERM/SIGINT stops taking
 * requests, finishes those in flight and closes the database before exiting.
 */
import { buildApp } from '@server/app';
import { TestClock } from '@server/clock';
import { ConfigError, loadConfig } from '@server/config';
import { DataDirInUseError } from '@server/db/data-dir-lock';
import { ensurePgliteCluster, pgliteDir } from '@server/db/pglite-client';
import { publicUrlNotice } from '@server/http/request-origin';

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

  // A first start on the embedded database creates its cluster here, before the app's plugins
  // start: on a slow or busy machine initdb alone can outlast a plugin's 10 s start-up timeout.
  if (config.databaseUrl === undefined) await ensurePgliteCluster(pgliteDir(config.dataDir));

  let app;
  try {
    // TEST_HOOKS (browser tests, never with PRODUCTION): a clock the test routes move forward.
    app = await buildApp(config, config.testHooks ? { clock: new TestClock() } : {});
  } catch (error) {
    // A known situation, not a bug: say what to do without a stack trace.
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`Start-up failed: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Close the database (and release DATA_DIR) before leaving, as on a normal shutdown.
    await app.close().catch((closeError: unknown) => app.log.error({ err: closeError }, 'Error while closing'));
    process.stderr.write(`Start-up failed: ${listenProblem(error, config.host, config.port)}\n`);
    process.exit(1);
  }
  // Once: someone opening the app at the listen address and not at PUBLIC_URL learns why a
  // payment or an e-mailed link lands them signed out.
  const address = app.server.address();
  const notice = publicUrlNotice(
    config.publicUrl,
    config.host,
    typeof address === 'object' && address ? address.port : config.port,
  );
  if (notice) app.log[notice.loopback ? 'warn' : 'info']({ publicUrl: config.publicUrl }, notice.message);
}

function listenProblem(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') {
    return `cannot listen on ${where}: the port is already in use (EADDRINUSE). Stop what uses it or set PORT to another port.`;
  }
  if (code === 'EACCES') {
    return `cannot listen on ${where}: permission denied (EACCES). Use a port above 1023 or the needed privileges.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `cannot listen on ${where}: HOST is not an address of this machine (EADDRNOTAVAIL).`;
  }
  return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`;
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
