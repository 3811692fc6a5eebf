import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { seedDemoData } from '../src/seed/seed.js';
import { TEST_PASSWORD, databaseUrlFor } from './test-database.js';

declare module 'vitest' {
  interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteSnapshot: string;
    templateDatabaseUrl: string;
  }
}

/**
 * Builds one migrated, seeded database per run; every test file then starts from a copy of it:
 * a PGlite data-dir dump, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
  project.provide('dbKind', kind);

  if (kind === 'pglite') {
    const handle = await openDatabase({ memory: true });
    await runMigrations(handle);
    await seedDemoData(handle.db, { password: TEST_PASSWORD });
    const client = (
      handle.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }
    ).$client;
    const dump = await client.dumpDataDir('none');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-test-')), 'snapshot.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('pgliteSnapshot', file);
    project.provide('templateDatabaseUrl', '');
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }

  const baseUrl = process.env.TEST_DATABASE_URL!;
  const template = `b2b_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const templateUrl = databaseUrlFor(baseUrl, template);
  const handle = await openDatabase({ databaseUrl: templateUrl });
  await runMigrations(handle);
  await seedDemoData(handle.db, { password: TEST_PASSWORD });
  await handle.close();
  project.provide('pgliteSnapshot', '');
  project.provide('templateDatabaseUrl', templateUrl);

  return async () => {
    const cleanup = new pg.Client({ connectionString: baseUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${template} with (force)`);
    await cleanup.end();
  };
}
