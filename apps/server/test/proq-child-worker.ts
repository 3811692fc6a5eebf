import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createCommandRegistry } from '../src/modules/proq/command-registry.js';
import { createProqWorker } from '../src/modules/proq/proq-worker.js';
import { createProqService } from '../src/modules/proq/proq.service.js';
import { effectHandler } from './proq-effect-handler.js';

/**
 * A worker process for the crash test: the real worker with the test's effect handler, on
 * DATABASE_URL. It prints "ready" once it heart-beats; the test kills it with SIGKILL.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const registry = createCommandRegistry();
registry.register(effectHandler(database.db));
const proq = createProqService(database.db, { config: config.proq, registry, environment: 'test' });
const worker = createProqWorker({
  db: database.db,
  proq,
  registry,
  config: config.proq,
  log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  concurrency: 1,
});
await worker.start();
console.log(`ready ${worker.id}`);
