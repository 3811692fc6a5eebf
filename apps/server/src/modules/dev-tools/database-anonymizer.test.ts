import { createHash } from 'node:crypto';
import type { AnonymizeDatabaseResult } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();
const ENDPOINT = '/api/v1/dev/tools/database-anonymizer';
const KEY = 'test-anonymizer-key';
const NEW_PASSWORD = 'Anonymized-Password-1';

/** The pseudonym db/personal-data.ts gives an e-mail address under KEY. */
const pseudonymOf = (email: string) =>
  `user-${createHash('sha256').update(`${KEY}:${email.toLowerCase()}`).digest('hex').slice(0, 12)}@example.com`;

let developer: string;
let sysAdmin: string;
beforeAll(async () => {
  [developer, sysAdmin] = await Promise.all([
    t.signIn('developer@example.com'),
    t.signIn('sysadmin@example.com'),
  ]);
});

const anonymize = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: ENDPOINT, cookie, payload });

describe('database anonymizer on the live database (SPEC §2 Dev)', () => {
  it('is refused without force, without the typed text, and to roles without DevArea_CRUD', async () => {
    const unforced = await anonymize(developer, { confirmation: 'ANONYMIZE' });
    expect(unforced.statusCode).toBe(409);
    expect(unforced.json().message).toBe(
      'This is the live database. Anonymize a copy instead, or force it and type ANONYMIZE THE LIVE DATABASE.',
    );
    const untyped = await anonymize(developer, { force: true, confirmation: 'ANONYMIZE' });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().errors).toEqual([
      { field: 'confirmation', message: 'Type ANONYMIZE THE LIVE DATABASE to confirm.' },
    ]);
    expect((await anonymize(sysAdmin, { force: true, confirmation: 'x' })).statusCode).toBe(403);
    const badUrl = await anonymize(developer, {
      targetDatabaseUrl: 'mysql://db/copy',
      confirmation: 'ANONYMIZE',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.body).toContain('targetDatabaseUrl must start with postgres://');
    // Nothing changed: the demo accounts still sign in.
    expect(await t.signIn('issuer@example.com')).toMatch(/=/);
  });

  it('when forced, rewrites every account consistently, signs everyone out and audits it', async () => {
    const res = await anonymize(developer, {
      force: true,
      confirmation: 'ANONYMIZE THE LIVE DATABASE',
      key: KEY,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<AnonymizeDatabaseResult>();
    expect(result).toMatchObject({
      target: 'the live database',
      live: true,
      passwords: 'replaced',
    });
    const rows = Object.fromEntries(result.counts.map((c) => [c.target, c.rows]));
    expect(rows['users.username']).toBeGreaterThanOrEqual(10);
    expect(rows['sessions']).toBeGreaterThanOrEqual(2);

    // Everyone was signed out, and the old names and password are gone.
    expect(
      (await t.request({ url: '/api/v1/dev/debug-logging', cookie: developer })).statusCode,
    ).toBe(401);
    await expect(t.signIn('developer@example.com')).rejects.toThrow(/sign-in/);
    await expect(t.signIn(pseudonymOf('developer@example.com'))).rejects.toThrow(/sign-in/);
    // The pseudonym signs in with the new password, and keeps the developer's rights.
    const again = await t.signIn(pseudonymOf('developer@example.com'), NEW_PASSWORD);
    const audit = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: again,
      payload: {
        filters: [
          { propertyName: 'action', comparisonOperator: 'Equal', value: 'AnonymizeDatabase' },
        ],
      },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const [entry] = audit.json<{ collection: { actorUsername: string; entityId: string }[] }>()
      .collection;
    expect(entry).toMatchObject({
      // Written after the rewrite: who did it stays readable.
      actorUsername: 'developer@example.com',
      entityId: 'the live database',
    });
  });
});
