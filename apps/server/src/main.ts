import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DatabaseUnavailableError } from './db/client.js';
import { DEMO_USERS } from './seed/demo-data.js';
import { prepareDatabase } from './prepare-database.js';
import { prepareChat } from './modules/chat/chat.startup.js';
import { prepareDemoJobs } from './modules/jobs/jobs.demo.js';
import { prepareDemoResources } from './modules/video-resources/video-resources.demo.js';
import { createProqWorker, type ProqWorker } from './modules/proq/proq-worker.js';
import { warmPdfBrowser } from './modules/reports/pdf-warm-start.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await prepareDatabase(config);
  const app = await buildApp(config, database);

  let worker: ProqWorker | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    // Running commands finish (or are released to Pending) before the database closes.
    await worker?.stop();
    await app.ctx.services.mail.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await prepareChat(app.ctx.services, app.log);
  // A debug-logging window set through another process reaches this one (SPEC §2 Dev).
  await app.ctx.services.debugLogging.watch();
  await app.listen({ port: config.port, host: config.host });
  if (config.proq.workers > 0) {
    const proqLog = app.log.child({ module: 'proq' });
    app.ctx.services.debugLogging.follow(proqLog);
    worker = createProqWorker({
      db: database.db,
      proq: app.ctx.services.proq,
      registry: app.ctx.services.proq.registry,
      config: config.proq,
      log: proqLog,
      concurrency: config.proq.workers,
    });
    await worker.start();
    if (config.pdfBrowserWarm) warmPdfBrowser(app.ctx.services, proqLog);
  }
  // In the background: the demo reference data and demo jobs (their steps run on the workers),
  // then the vendor search index of the newest reference data, so no search waits for it.
  void prepareDemoJobs(app.ctx.services.jobs, config, app.log)
    .then(() => app.ctx.services.vendors.prepare())
    .catch((error: unknown) => app.log.warn({ err: error }, 'vendor search index not prepared'));
  if (config.demoSeed) {
    void prepareDemoResources(app.ctx.services, app.log).catch((error: unknown) =>
      app.log.warn({ err: error }, 'demo video resources not added'),
    );
  }
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `B2B Analytics is running at ${url} (database: ${database.kind} ${database.location})`,
    `API documentation: ${url}/api/docs`,
  ];
  if (config.demoSeed) {
    lines.push(`Demo accounts (password: ${config.demoPassword}):`);
    for (const user of DEMO_USERS) lines.push(`  ${user.username.padEnd(38)} ${user.role}`);
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (
    error instanceof DatabaseUnavailableError ||
    (error as Error).message?.startsWith('Invalid configuration')
  ) {
    console.error((error as Error).message);
  } else {
    console.error(`Could not start: ${(error as Error).message}`);
  }
  process.exit(1);
});
