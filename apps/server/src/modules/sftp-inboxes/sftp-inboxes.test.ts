import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SftpConnectionTest, SftpInbox, SftpInboxDetail } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { JOBS_BASE } from '../../../test/job-pipeline.js';
import { PROQ_TEST_ENV, rows, waitFor, workerPool } from '../../../test/proq-kit.js';
import { type TestSftpServer, startTestSftpServer } from '../../../test/sftp-server.js';
import { cannedFileText } from '../end-to-end-test/canned-file.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-sftp-test-'));
const t = useTestApp({ ...PROQ_TEST_ENV, DATA_DIR: dataDir, SFTP_CONNECT_TIMEOUT_SECONDS: '3' });
const workers = workerPool(t);
const URL = '/api/v1/devops/sftp-inboxes';
let server: TestSftpServer;
let admin = '';
let issuerId = '';
let buyerId = '';
let otherBuyerId = '';
let folderCount = 0;

beforeAll(async () => {
  server = await startTestSftpServer();
  admin = await t.signIn('sysadmin@example.com');
  const issuers = (await t.request({ url: `${JOBS_BASE}/wizard/issuers`, cookie: admin })).json<
    { id: string; name: string; buyers: { id: string }[] }[]
  >();
  const withBuyers = issuers.filter((i) => i.buyers.length > 0);
  issuerId = withBuyers[0]!.id;
  buyerId = withBuyers[0]!.buyers[0]!.id;
  otherBuyerId = withBuyers[1]!.buyers[0]!.id;
});
afterAll(async () => {
  await workers.stopAll();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(server.root, { recursive: true, force: true });
});

/** A fresh remote folder per test with the given CSV files in it. */
function remoteFolder(files: string[]): string {
  const folder = `/inbox-${++folderCount}`;
  fs.mkdirSync(path.join(server.root, folder));
  for (const name of files)
    fs.writeFileSync(path.join(server.root, folder, name), cannedFileText());
  return folder;
}

function inboxBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Inbox ${folderCount}`,
    issuerId,
    buyerId,
    host: server.host,
    port: server.port,
    username: server.username,
    password: server.password,
    hostKeyFingerprint: server.hostKeyFingerprint,
    remoteFolder: '/',
    filePattern: '*.csv',
    jobType: 'base',
    mapping: null,
    dateOrder: 'DMY',
    schedule: { kind: 'minutes', minutes: 15 },
    enabled: true,
    ...overrides,
  };
}

async function createInbox(overrides: Record<string, unknown> = {}): Promise<SftpInbox> {
  const res = await t.request({
    method: 'POST',
    url: URL,
    cookie: admin,
    payload: inboxBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SftpInbox>();
}

async function detail(id: string): Promise<SftpInboxDetail> {
  return (await t.request({ url: `${URL}/${id}`, cookie: admin })).json<SftpInboxDetail>();
}

const poll = (id: string, owner: string) => t.app.ctx.services.sftpInboxes.poll(id, owner);

async function jobStatus(jobId: string) {
  const res = await t.request({ url: `${JOBS_BASE}/${jobId}`, cookie: admin });
  return res.json<{ name: string; submittedAt: string | null }>();
}

describe('SFTP inbox configuration', () => {
  it('stores the password encrypted and never returns it', async () => {
    const inbox = await createInbox({ remoteFolder: remoteFolder([]) });
    expect(inbox).toMatchObject({
      authMethod: 'password',
      status: 'NeverPolled',
      port: server.port,
    });
    expect(JSON.stringify(inbox)).not.toContain(server.password);
    const list = await t.request({ url: URL, cookie: admin });
    expect(list.body).not.toContain(server.password);
    expect(list.json<{ items: SftpInbox[] }>().items.map((i) => i.id)).toContain(inbox.id);
    expect(JSON.stringify(await detail(inbox.id))).not.toContain(server.password);
    const [stored] = await rows<{ sealed_secret: string }>(
      t.database,
      sql`select sealed_secret from sftp_inboxes where id = ${inbox.id}::uuid`,
    );
    expect(stored!.sealed_secret).toMatch(/^v1\./);
    expect(stored!.sealed_secret).not.toContain(server.password);
  });

  it('keeps the stored secret when an edit leaves it out', async () => {
    const inbox = await createInbox({ remoteFolder: remoteFolder(['a.csv']) });
    const { password: _omitted, ...withoutSecret } = inboxBody({
      remoteFolder: inbox.remoteFolder,
    });
    const res = await t.request({
      method: 'PUT',
      url: `${URL}/${inbox.id}`,
      cookie: admin,
      payload: { ...withoutSecret, name: 'Renamed inbox' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SftpInbox>().name).toBe('Renamed inbox');
    const tested = await t.request({
      method: 'POST',
      url: `${URL}/${inbox.id}/test-connection`,
      cookie: admin,
    });
    expect(tested.json<SftpConnectionTest>().ok).toBe(true);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ port: 0 }, 'port must be a number from 1 to 65535'],
      [{ hostKeyFingerprint: 'abc' }, 'hostKeyFingerprint must look like SHA256:'],
      [{ remoteFolder: 'relative/path' }, 'remoteFolder must be an absolute path'],
      [{ filePattern: 'a/b.csv' }, 'filePattern is a file name pattern'],
      [{ host: 'bad host!' }, 'host must be a host name or an IP address'],
      [{ schedule: { kind: 'minutes', minutes: 0 } }, 'schedule.minutes must be at least 1'],
      [{ schedule: { kind: 'cron', cron: '99 * * * *' } }, 'schedule.cron'],
      [{ password: undefined }, 'password or privateKey is required'],
      [{ privateKey: 'not a key' }, 'privateKey must be a PEM or OpenSSH private key'],
      [{ buyerId: otherBuyerId }, 'buyerId must be a buyer of the chosen issuer'],
    ];
    for (const [override, message] of cases) {
      const res = await t.request({
        method: 'POST',
        url: URL,
        cookie: admin,
        payload: inboxBody(override),
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('refuses roles without DevOps_Area_VIEW (403)', async () => {
    const issuer = await t.signIn('issuer@example.com');
    const inbox = await createInbox({ remoteFolder: remoteFolder([]) });
    expect((await t.request({ url: URL, cookie: issuer })).statusCode).toBe(403);
    expect((await t.request({ url: `${URL}/${inbox.id}`, cookie: issuer })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: URL, cookie: issuer, payload: inboxBody() }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `${URL}/${inbox.id}/poll`, cookie: issuer }))
        .statusCode,
    ).toBe(403);
  });
});

describe('Test connection', () => {
  it('connects, checks the host key and lists the matching files', async () => {
    const inbox = await createInbox({
      remoteFolder: remoteFolder(['b.csv', 'a.csv', 'notes.txt']),
    });
    const res = await t.request({
      method: 'POST',
      url: `${URL}/${inbox.id}/test-connection`,
      cookie: admin,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json<SftpConnectionTest>();
    expect(result).toMatchObject({
      ok: true,
      offeredFingerprint: server.hostKeyFingerprint,
      matchingFiles: ['a.csv', 'b.csv'],
    });
    expect(result.message).toContain('2 file(s)');
  });

  it('says an unreachable host is unreachable, quickly, never a 500', async () => {
    const closed = await startTestSftpServer();
    await closed.close();
    const inbox = await createInbox({ port: closed.port });
    const res = await t.request({
      method: 'POST',
      url: `${URL}/${inbox.id}/test-connection`,
      cookie: admin,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json<SftpConnectionTest>();
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      `Connection to 127.0.0.1:${closed.port} was refused (ECONNREFUSED).`,
    );
    expect(result.millis).toBeLessThan(3500);
  });

  it('reports a host key other than the pinned one with what the server offered', async () => {
    const inbox = await createInbox({
      hostKeyFingerprint: `SHA256:${'A'.repeat(43)}`,
      remoteFolder: remoteFolder(['x.csv']),
    });
    const result = (
      await t.request({ method: 'POST', url: `${URL}/${inbox.id}/test-connection`, cookie: admin })
    ).json<SftpConnectionTest>();
    expect(result.ok).toBe(false);
    expect(result.offeredFingerprint).toBe(server.hostKeyFingerprint);
    expect(result.message).toContain("The server's host key has changed");
  });
});

describe('polling an inbox', () => {
  it('turns a new file into a submitted job through ProQ and moves it to processed/', async () => {
    const folder = remoteFolder(['suppliers-june.csv']);
    const inbox = await createInbox({ name: 'June drop', remoteFolder: folder });
    await workers.start({ concurrency: 1, commandTypes: ['PollSftpInbox'] });
    const queued = await t.request({
      method: 'POST',
      url: `${URL}/${inbox.id}/poll`,
      cookie: admin,
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const done = await waitFor(
      () => detail(inbox.id),
      // The poll records its outcome on the inbox after the last file.
      (d) => d.inbox.lastPolledAt !== null && d.files[0]?.state === 'moved',
      30_000,
      'the poll done',
    );
    await workers.stopAll();
    expect(done.inbox.status).toBe('Ok');
    expect(done.inbox.lastError).toBeNull();
    const file = done.files[0]!;
    expect(file).toMatchObject({ remotePath: `${folder}/suppliers-june.csv`, error: null });
    const job = await jobStatus(file.jobId!);
    expect(job.name).toBe('June drop: suppliers-june.csv');
    expect(job.submittedAt).not.toBeNull();
    expect(fs.readdirSync(path.join(server.root, folder))).toEqual(['processed']);
    expect(fs.readdirSync(path.join(server.root, folder, 'processed'))).toEqual([
      'suppliers-june.csv',
    ]);
  });

  it('takes a file once however often it is polled, even when it comes back unchanged', async () => {
    const folder = remoteFolder(['once.csv']);
    const remote = path.join(server.root, folder, 'once.csv');
    const { mtime } = fs.statSync(remote);
    const inbox = await createInbox({ remoteFolder: folder });
    const first = await poll(inbox.id, 'poll-1');
    expect(first).toMatchObject({ taken: 1, submitted: 1 });
    // The same file (path, size, modification time) put back: still the file already taken.
    fs.copyFileSync(path.join(server.root, folder, 'processed', 'once.csv'), remote);
    fs.utimesSync(remote, mtime, mtime);
    const second = await poll(inbox.id, 'poll-2');
    expect(second.taken).toBe(0);
    const files = (await detail(inbox.id)).files;
    expect(files).toHaveLength(1);
    expect(files[0]!.state).toBe('moved');
    expect(server.reads.filter((p) => p === `${folder}/once.csv`)).toHaveLength(1);
  });

  it('goes on with a dead worker’s claim once its lease ran out, downloading the file once', async () => {
    const folder = remoteFolder(['stale.csv']);
    const inbox = await createInbox({ remoteFolder: folder });
    const mtime = new Date(
      Math.floor(fs.statSync(path.join(server.root, folder, 'stale.csv')).mtimeMs / 1000) * 1000,
    );
    const size = fs.statSync(path.join(server.root, folder, 'stale.csv')).size;
    // A poll claimed the file and died holding the lease.
    await t.database.db.execute(sql`
      insert into sftp_inbox_files (inbox_id, remote_path, size_bytes, remote_modified_at, state, claimed_by)
      values (${inbox.id}::uuid, ${`${folder}/stale.csv`}, ${size}, ${mtime.toISOString()}::timestamptz, 'claimed', 'dead-poll')`);
    await t.database.db.execute(sql`
      update sftp_inboxes set lease_owner = 'dead-poll', lease_until = now() + interval '1 minute'
      where id = ${inbox.id}::uuid`);
    const blocked = await poll(inbox.id, 'new-poll');
    expect(blocked.message).toBe('Another poll of this inbox is running');
    expect((await detail(inbox.id)).files[0]!.state).toBe('claimed');

    await t.database.db.execute(sql`
      update sftp_inboxes set lease_until = now() - interval '1 second' where id = ${inbox.id}::uuid`);
    const resumed = await poll(inbox.id, 'new-poll');
    expect(resumed).toMatchObject({ taken: 1, submitted: 1, failed: 0 });
    const files = (await detail(inbox.id)).files;
    expect(files).toHaveLength(1);
    expect(files[0]!.state).toBe('moved');
    expect(server.reads.filter((p) => p === `${folder}/stale.csv`)).toHaveLength(1);
  });

  it('finds the job a dead poll created before recording it, and makes no second one', async () => {
    const folder = remoteFolder(['crash.csv']);
    const inbox = await createInbox({ name: 'Crash drop', remoteFolder: folder });
    const remote = path.join(server.root, folder, 'crash.csv');
    const { size, mtimeMs } = fs.statSync(remote);
    const jobId = '00000000-0000-4000-8000-0000000c4a5e';
    // A poll downloaded the file, chose the job's id, created the job and died before
    // writing the job's id on the row.
    const [row] = await rows<{ id: string }>(
      t.database,
      sql`insert into sftp_inbox_files (inbox_id, remote_path, size_bytes, remote_modified_at, state, claimed_by, planned_job_id)
          values (${inbox.id}::uuid, ${`${folder}/crash.csv`}, ${size}, to_timestamp(${Math.floor(mtimeMs / 1000)}), 'downloaded', 'dead-poll', ${jobId}::uuid)
          returning id`,
    );
    await t.app.ctx.services
      .storage()
      .put(`sftp-inboxes/${inbox.id}/${row!.id}/crash.csv`, fs.readFileSync(remote));
    const token = /b2b_session=([^;]+)/.exec(admin)![1]!;
    const session = await t.app.ctx.services.auth.resolveSession(token);
    if (session.kind !== 'valid') throw new Error('no session');
    await t.app.ctx.services.jobs.wizard.create(
      session.actor,
      { type: 'base', issuerId, buyerId, name: 'Crash drop: crash.csv', currency: 'GBP' },
      { id: jobId },
    );

    const outcome = await poll(inbox.id, 'next-poll');
    expect(outcome).toMatchObject({ taken: 1, submitted: 1, failed: 0 });
    const [file] = (await detail(inbox.id)).files;
    expect(file).toMatchObject({ state: 'moved', jobId });
    const jobs = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from jobs where name = 'Crash drop: crash.csv'`,
    );
    expect(jobs[0]!.n).toBe(1);
    expect((await jobStatus(jobId)).submittedAt).not.toBeNull();
    expect(server.reads.filter((p) => p === `${folder}/crash.csv`)).toEqual([]);
  });

  it('stops at a changed host key, says so, and reads nothing', async () => {
    const folder = remoteFolder(['secret.csv']);
    const inbox = await createInbox({
      hostKeyFingerprint: `SHA256:${'B'.repeat(43)}`,
      remoteFolder: folder,
    });
    const outcome = await poll(inbox.id, 'poll-key');
    expect(outcome.taken).toBe(0);
    const after = await detail(inbox.id);
    expect(after.inbox.status).toBe('HostKeyChanged');
    expect(after.inbox.lastError).toBe(
      `The server's host key has changed: expected SHA256:${'B'.repeat(43)}, the server offered ${server.hostKeyFingerprint}. Polling is stopped until the fingerprint is checked and updated.`,
    );
    expect(after.files).toEqual([]);
    expect(server.reads.filter((p) => p.startsWith(folder))).toEqual([]);
    // The schedule leaves it alone until the fingerprint is updated.
    const queued = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from proq_commands where target_entity_id = ${inbox.id}`,
    );
    await t.app.ctx.services.sftpInboxes.enqueueDuePolls(new Date());
    const queuedAfter = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from proq_commands where target_entity_id = ${inbox.id}`,
    );
    expect(queuedAfter[0]!.n).toBe(queued[0]!.n);
  });

  it('records a file the job refuses as failed with the reason, and the inbox as failing', async () => {
    const folder = remoteFolder([]);
    fs.writeFileSync(path.join(server.root, folder, 'empty.csv'), '');
    const inbox = await createInbox({ remoteFolder: folder });
    const outcome = await poll(inbox.id, 'poll-bad');
    expect(outcome).toMatchObject({ taken: 1, failed: 1 });
    const after = await detail(inbox.id);
    expect(after.files[0]!.state).toBe('failed');
    expect(after.files[0]!.error).toBeTruthy();
    expect(after.inbox.status).toBe('Failing');
    expect(after.inbox.lastError).toContain('empty.csv: ');
  });
});
