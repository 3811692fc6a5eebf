import { randomBytes } from 'node:crypto';
import type { AnonymizeDatabaseResult } from '@b2b/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { databaseUrlFor } from '../../../test/test-database.js';

const t = useTestApp();
const ENDPOINT = '/api/v1/dev/tools/database-anonymizer';
const adminUrl = process.env.TEST_DATABASE_URL!;
const copy = `b2b_anon_copy_${randomBytes(4).toString('hex')}`;
const copyUrl = databaseUrlFor(adminUrl, copy);

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let developer: string;
beforeAll(async () => {
  // A copy as an operator makes one: here from the seeded template the test databases come from.
  const template = new URL(inject('templateDatabaseUrl')).pathname.slice(1);
  await onServer(adminUrl, (c) => c.query(`create database ${copy} template ${template}`));
  developer = await t.signIn('developer@example.com');
});
afterAll(() => onServer(adminUrl, (c) => c.query(`drop database if exists ${copy} with (force)`)));

const anonymize = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: ENDPOINT, cookie: developer, payload });

describe('database anonymizer on a copy (PostgreSQL)', () => {
  it('rewrites the copy in one go and leaves the live database as it was', async () => {
    const res = await anonymize({ targetDatabaseUrl: copyUrl, confirmation: 'ANONYMIZE' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<AnonymizeDatabaseResult>();
    expect(result).toMatchObject({ live: false, passwords: 'removed' });
    expect(result.target).toContain(copy);

    const copied = await onServer(copyUrl, (c) =>
      c.query<{ username: string; password_hash: string | null }>(
        'select username, password_hash from users',
      ),
    );
    expect(copied.rows.length).toBeGreaterThanOrEqual(10);
    expect(copied.rows.every((r) => /^user-[0-9a-f]{12}@example\.com$/.test(r.username))).toBe(
      true,
    );
    expect(copied.rows.every((r) => r.password_hash === null)).toBe(true);
    // The live database (this test's own) still has its accounts.
    expect(await t.signIn('issuer@example.com')).toMatch(/=/);
  });

  it('names what is wrong with the target: unreachable, not ours, or the live one by URL', async () => {
    const unreachable = await anonymize({
      targetDatabaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere',
      confirmation: 'ANONYMIZE',
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().errors[0].field).toBe('targetDatabaseUrl');
    expect(unreachable.json().message).toContain('Cannot reach the database at');

    const notOurs = await anonymize({
      targetDatabaseUrl: databaseUrlFor(adminUrl, 'postgres'),
      confirmation: 'ANONYMIZE',
    });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().message).toContain('is not a B2B Analytics database');

    const liveByUrl = await anonymize({
      targetDatabaseUrl: t.database.location,
      confirmation: 'ANONYMIZE',
    });
    expect(liveByUrl.statusCode).toBe(409);
    expect(liveByUrl.json().message).toContain('This is the live database.');
  });
});
