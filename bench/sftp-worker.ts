import type { FastifyBaseLogger } from 'fastify';
import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createProqWorker } from '../apps/server/src/modules/proq/proq-worker.js';
import { createServices } from '../apps/server/src/services.js';

/**
 * One ProQ worker process of the SFTP benchmark: the real services, running only the inbox
 * polls (the submitted jobs' pipelines stay queued: the figure is pick-up to submission). The
 * benchmark kills it with SIGKILL mid-poll.
 */
const config = loadConfig();
const quiet = (): unknown => undefined;
const log = {
  level: 'silent',
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
  trace: quiet,
  fatal: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;
const database = await openDatabase({ databaseUrl: config.databaseUrl! });
const services = createServices(config, database, log);
const worker = createProqWorker({
  db: database.db,
  proq: services.proq,
  registry: services.proq.registry,
  config: config.proq,
  log,
  concurrency: 1,
  commandTypes: [PROQ_COMMAND_TYPES.pollSftpInbox],
});
await worker.start();
console.log(`ready ${worker.id}`);
