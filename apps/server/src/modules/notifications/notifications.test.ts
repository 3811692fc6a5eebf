import type { UserNotification } from '@b2b/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { preparedDownloads } from '../downloads/download.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { users } from '../users/user.schema.js';

const { t, pipeline, signedIn } = useJobsTestApp('notifications');

const list = (cookie: string) => t.request({ url: '/api/v1/notifications', cookie });
const userId = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

let admin: string;
let completedId: string;
let failedId: string;
let readyDownloadId: string;

beforeAll(async () => {
  const { admin: cookie, merchants } = signedIn();
  admin = cookie;
  completedId = (await pipeline.jobAt('completed', { cookie, merchants })).job.id;
  failedId = (await pipeline.createJob({ cookie, issuerName: 'PayTech Bank', name: 'Broken run' }))
    .id;
  const db = t.database.db;
  await db.update(jobs).set({ status: 'Error' }).where(eq(jobs.id, failedId));
  const adminId = await userId('sysadmin@example.com');
  const expiresAt = new Date(Date.now() + 86_400_000);
  const base = {
    jobId: completedId,
    userId: adminId,
    kind: 'analysis-data',
    format: 'csv',
    actor: {},
    fileName: 'acme.csv',
    expiresAt,
  };
  [{ id: readyDownloadId }] = await db
    .insert(preparedDownloads)
    .values({ ...base, label: 'Analysis data (CSV)', state: 'Ready', readyAt: new Date() })
    .returning({ id: preparedDownloads.id });
  await db.insert(preparedDownloads).values([
    { ...base, label: 'Matched data only (XLSX)', state: 'Failed', errorMessage: 'Disk full' },
    // Still being made, and one whose file has expired: neither is news.
    { ...base, label: 'Running one', state: 'Running' },
    { ...base, label: 'Old one', state: 'Ready', expiresAt: new Date(Date.now() - 1000) },
  ]);
}, 240_000);

describe('user notifications', () => {
  it('tell the owner their jobs completed or stopped and their downloads are ready or failed', async () => {
    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(res.json<UserNotification[]>().map((n) => [n.id, n]));
    expect(byId.get(`JobCompleted:${completedId}`)).toMatchObject({
      title: 'Analysis completed',
      link: `/jobs/loading/${completedId}`,
    });
    expect(byId.get(`JobFailed:${failedId}`)).toMatchObject({
      message: 'Broken run stopped with an error; its Details tab says where.',
      link: `/jobs/${failedId}/details`,
    });
    expect(byId.get(`DownloadReady:${readyDownloadId}`)).toMatchObject({
      message: 'Analysis data (CSV) is ready to download.',
      link: `/api/v1/downloads/${readyDownloadId}/file`,
    });
    const failed = [...byId.values()].find((n) => n.kind === 'DownloadFailed');
    expect(failed?.message).toBe('Matched data only (XLSX) could not be prepared: Disk full');
    expect([...byId.values()].map((n) => n.message).join()).not.toMatch(/Running one|Old one/);
    const times = res.json<UserNotification[]>().map((n) => n.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('show nobody else’s work', async () => {
    const other = await t.signIn('ptcojobmanager@example.com');
    const res = await list(other);
    expect(res.statusCode).toBe(200);
    expect(res.json<UserNotification[]>()).toEqual([]);
  });

  it('are refused without UserNotification_VIEW', async () => {
    await t.database.db
      .update(users)
      .set({ standardRoles: [], explicitPermissions: ['JobRead'] })
      .where(eq(users.username, 'client@example.com'));
    const res = await list(await t.signIn('client@example.com'));
    expect(res.statusCode).toBe(403);
  });
});
