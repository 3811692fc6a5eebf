import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './config.js';
import { DatabaseUnavailableError, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { createProqWorker } from './modules/proq/proq-worker.js';
import { warmPdfBrowser } from './modules/reports/pdf-warm-start.js';
import { createServices } from './services.js';

/** Commands a standalone worker runs at once when WORKERS is 0 (the server's "no worker"). */
const STANDALONE_DEFAULT_CONCURRENCY = 2;

/**
 * `npm run worker`: a ProQ worker process on its own, sharing DATABASE_URL with the servers.
 * SIGTERM/SIGINT stop it gracefully: running commands finish or are released to Pending.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'Invalid configuration: DATABASE_URL is required for `npm run worker` (the embedded database belongs to the server process; use WORKERS there instead)',
    );
  }
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await runMigrations(database);
  const services = createServices(config, database, log);
  // A debug-logging window set on the Developer screen reaches the workers too (SPEC §2 Dev).
  services.debugLogging.follow(log);
  await services.debugLogging.watch();
  const worker = createProqWorker({
    db: database.db,
    proq: services.proq,
    registry: services.proq.registry,
    config: config.proq,
    log,
    concurrency: config.proq.workers || STANDALONE_DEFAULT_CONCURRENCY,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    await worker.stop();
    // After the worker: a PDF still printing keeps its browser until it is done.
    await services.reports.closePdfBrowsers();
    services.debugLogging.stop();
    services.mail.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await worker.start();
  if (config.pdfBrowserWarm) warmPdfBrowser(services, log);
  console.log(`ProQ worker ${worker.id} running against ${database.location}`);
}

main().catch((error: unknown) => {
  const message = (error as Error).message ?? String(error);
  console.error(
    error instanceof DatabaseUnavailableError || message.startsWith('Invalid configuration')
      ? message
      : `Worker could not start: ${message}`,
  );
  process.exit(1);
});
