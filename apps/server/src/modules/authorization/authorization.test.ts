import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { buyers, issuers } from '../issuers/issuer.schema.js';
import { jobUserAssignments, jobs } from '../jobs/job.schema.js';
import { users } from '../users/user.schema.js';

const t = useTestApp();
const userId = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

beforeAll(async () => {
  const db = t.database.db;
  const [paytech] = await db.select().from(issuers).where(eq(issuers.issuerKey, 'paytech-bank'));
  const [test] = await db.select().from(issuers).where(eq(issuers.issuerKey, 'test-issuer'));
  const [paytechBuyer] = await db.select().from(buyers).where(eq(buyers.issuerId, paytech!.id));
  const [testBuyer] = await db.select().from(buyers).where(eq(buyers.issuerId, test!.id));
  const owner = await userId('sysadmin@example.com');
  const job = (name: string, issuerId: string, buyerId: string, isPublished = false) => ({
    type: 'base',
    name,
    issuerId,
    buyerId,
    ownerId: owner,
    currency: 'GBP',
    analysisDate: '2026-01-01',
    isPublished,
  });
  const created = await db
    .insert(jobs)
    .values([
      job('Own issuer job', paytech!.id, paytechBuyer!.id, true),
      job('Assigned job', test!.id, testBuyer!.id),
      job('Invisible job', test!.id, testBuyer!.id),
      // A plain Member's issuer job is theirs once published (SPEC §3, jobs.policy).
      job('Unpublished issuer job', paytech!.id, paytechBuyer!.id),
    ])
    .returning();
  await db.insert(jobUserAssignments).values({
    jobId: created[1]!.id,
    userId: await userId('client@example.com'),
    connection: 'DirectAssignment',
  });
});

describe('POST /api/v1/authorization/auth-mapped-job-artifacts', () => {
  it('pages the jobs a user may see through their issuer (published) or a direct assignment', async () => {
    const admin = await t.signIn('useradministrator@example.com');
    const client = await userId('client@example.com');
    const res = await t.request({
      method: 'POST',
      url: `/api/v1/authorization/auth-mapped-job-artifacts?userId=${client}`,
      cookie: admin,
      payload: { orderBy: 'name' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalCount: 2, pageSize: 25 });
    expect(
      res
        .json()
        .collection.map((j: { name: string; isDirectAssignment: boolean }) => [
          j.name,
          j.isDirectAssignment,
        ]),
    ).toEqual([
      ['Assigned job', true],
      ['Own issuer job', false],
    ]);
    const direct = await t.request({
      method: 'POST',
      url: `/api/v1/authorization/auth-mapped-job-artifacts?userId=${client}`,
      cookie: admin,
      payload: {
        filters: [
          { propertyName: 'isDirectAssignment', comparisonOperator: 'Equal', value: 'true' },
        ],
      },
    });
    expect(direct.json().collection.map((j: { name: string }) => j.name)).toEqual(['Assigned job']);
  });

  it('refuses users without UsersRead', async () => {
    const issuer = await t.signIn('issuer@example.com');
    const res = await t.request({
      method: 'POST',
      url: `/api/v1/authorization/auth-mapped-job-artifacts?userId=${await userId('client@example.com')}`,
      cookie: issuer,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
