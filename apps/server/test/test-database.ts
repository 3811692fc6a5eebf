import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';

export const TEST_PASSWORD = 'Test-Password-1';

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh database for one test file, copied from the migrated and seeded one made in global
 * setup: PGlite from its dump, or PostgreSQL from the template database.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (inject('dbKind') === 'pglite') {
    const dump = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    return openDatabase({ memory: true, loadDataDir: dump });
  }
  const templateUrl = inject('templateDatabaseUrl');
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `b2b_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
