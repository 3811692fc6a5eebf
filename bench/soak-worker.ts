import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createCommandRegistry } from '../apps/server/src/modules/proq/command-registry.js';
import { createProqWorker } from '../apps/server/src/modules/proq/proq-worker.js';
import { createProqService } from '../apps/server/src/modules/proq/proq.service.js';
import { registerSoakHandlers, SOAK_COMMAND_TYPES } from './soak-handlers.js';

/**
 * One worker process of the soak benchmark: the real ProQ worker with the soak handlers only,
 * on DATABASE_URL, SOAK_CONCURRENCY slots. Prints "ready" once registered; the benchmark kills
 * it with SIGKILL at random.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const registry = createCommandRegistry();
registerSoakHandlers(registry, database.db);
const proq = createProqService(database.db, { config: config.proq, registry, environment: 'test' });
const worker = createProqWorker({
  db: database.db,
  proq,
  registry,
  config: config.proq,
  // Fastify's own pino logger, errors only (pino itself is the server's dependency).
  log: Fastify({ logger: { level: 'error' } }).log,
  concurrency: Number(process.env.SOAK_CONCURRENCY ?? 8),
  commandTypes: [...SOAK_COMMAND_TYPES],
});
await worker.start();
console.log(`ready ${worker.id}`);
