import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HubResourceList, VideoResource, VideoResourceList } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { rows } from '../../../test/proq-kit.js';

/*
 * Video resources and the resource hub. Resources are platform-wide (no issuer): who sees one
 * is decided by its audience roles alone, so there is no "other issuer" case to test.
 */
const MAX_BYTES = 4096;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-video-test-'));
const t = useTestApp({ DATA_DIR: dataDir, VIDEO_MAX_BYTES: String(MAX_BYTES) });
const ADMIN_URL = '/api/v1/video-resources';
const HUB_URL = '/api/v1/resource-hub/resources';
const filesDir = path.join(dataDir, 'files', 'video-resources');

/** A WebM header then 1,996 bytes whose values follow their position: exact bytes to compare. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  Buffer.from(Array.from({ length: 1996 }, (_, i) => (i * 7) % 251)),
]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp41')]);
const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

let admin = '';
let issuer = '';
let client = '';
let manager = '';

beforeAll(async () => {
  [admin, issuer, client, manager] = await Promise.all([
    t.signIn('sysadmin@example.com'),
    t.signIn('issuer@example.com'),
    t.signIn('client@example.com'),
    t.signIn('ptcojobmanager@example.com'),
  ]);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Fields = Record<string, string>;

/** Text fields first, then the file, as the web app sends them. */
function multipart(fields: Fields, file?: { name: string; content: Buffer }) {
  const boundary = `----video-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const metadata = (overrides: Fields = {}): Fields => ({
  title: 'Onboarding walkthrough',
  description: 'How to create your first job',
  tags: '["onboarding","jobs"]',
  audienceRoles: '["issuer"]',
  ...overrides,
});

function upload(fields: Fields, file?: { name: string; content: Buffer }, cookie = admin) {
  return t.request({ method: 'POST', url: ADMIN_URL, cookie, ...multipart(fields, file) });
}

async function create(fields: Fields = {}, content = WEBM, name = 'walkthrough.webm') {
  const res = await upload(metadata(fields), { name, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<VideoResource>();
}

/** Every file kept under video-resources/ in the storage folder. */
function storedFiles(): string[] {
  if (!fs.existsSync(filesDir)) return [];
  return (fs.readdirSync(filesDir, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(filesDir, f)).isFile(),
  );
}

async function resourceCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from video_resources`,
  );
  return row!.n;
}

const content = (id: string, cookie: string, headers: Record<string, string> = {}) =>
  t.request({ url: `${HUB_URL}/${id}/content`, cookie, headers });

describe('video resources administration', () => {
  it('stores an upload with its metadata, judges its type by content and audits it', async () => {
    const created = await create({ tags: 'onboarding, jobs, onboarding' }, MP4, 'clip.bin');
    expect(created).toMatchObject({
      title: 'Onboarding walkthrough',
      description: 'How to create your first job',
      tags: ['onboarding', 'jobs'],
      audienceRoles: ['issuer'],
      kind: 'video',
      contentType: 'video/mp4',
      fileName: 'clip.bin',
      sizeBytes: MP4.length,
      createdBy: 'sysadmin@example.com',
    });
    const got = await t.request({ url: `${ADMIN_URL}/${created.id}`, cookie: admin });
    expect(got.json()).toEqual(created);
    const listed = await t.request({ url: `${ADMIN_URL}?search=WALKTHROUGH`, cookie: admin });
    expect(listed.json<VideoResourceList>().items.map((r) => r.id)).toContain(created.id);
    const audit = await rows<{ action: string }>(
      t.database,
      sql`select action from system_logs where entity_id = ${created.id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['VideoResourceCreated']);
  });

  it('refuses a file whose bytes are not a video or PDF, naming it, and stores nothing', async () => {
    const [before, files] = [await resourceCount(), storedFiles().length];
    const res = await upload(metadata(), {
      name: 'movie.mp4',
      content: Buffer.from('MZ not a video at all'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      'file "movie.mp4" is not an MP4 or WebM video or a PDF document (judged by its content).',
    );
    expect(await resourceCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses a file above VIDEO_MAX_BYTES, naming it and the limit, and stores nothing', async () => {
    const [before, files] = [await resourceCount(), storedFiles().length];
    const big = Buffer.concat([WEBM, WEBM, WEBM]);
    const res = await upload(metadata(), { name: 'long.webm', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('file "long.webm" is larger than the limit of 4.0 KiB.');
    expect(await resourceCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses missing or wrong metadata with a 400 naming the field', async () => {
    const cases: [Fields, string][] = [
      [metadata({ title: ' ' }), 'title'],
      [metadata({ audienceRoles: '[]' }), 'audienceRoles'],
      [metadata({ audienceRoles: '["king"]' }), 'audienceRoles'],
      [metadata({ tags: '[1' }), 'tags'],
    ];
    for (const [fields, field] of cases) {
      const res = await upload(fields, { name: 'a.pdf', content: PDF });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
    const noFile = await upload(metadata());
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Attach the file in the multipart field "file".');
  });

  it('edits the metadata, replaces the file (removing the old one) and deletes', async () => {
    const created = await create();
    const edited = await t.request({
      method: 'PUT',
      url: `${ADMIN_URL}/${created.id}`,
      cookie: admin,
      payload: { title: 'Renamed', description: '', tags: ['x'], audienceRoles: ['client'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Renamed',
      tags: ['x'],
      audienceRoles: ['client'],
    });

    const before = storedFiles().filter((f) => f.startsWith(created.id));
    const replaced = await t.request({
      method: 'PUT',
      url: `${ADMIN_URL}/${created.id}/file`,
      cookie: admin,
      ...multipart({}, { name: 'guide.pdf', content: PDF }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ kind: 'document', contentType: 'application/pdf' });
    const after = storedFiles().filter((f) => f.startsWith(created.id));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);

    const refused = await t.request({
      method: 'PUT',
      url: `${ADMIN_URL}/${created.id}/file`,
      cookie: admin,
      ...multipart({}, { name: 'x.webm', content: Buffer.from('not a webm file') }),
    });
    expect(refused.statusCode).toBe(415);
    expect(storedFiles().filter((f) => f.startsWith(created.id))).toEqual(after);

    const deleted = await t.request({
      method: 'DELETE',
      url: `${ADMIN_URL}/${created.id}`,
      cookie: admin,
    });
    expect(deleted.json()).toEqual({ id: created.id });
    expect(storedFiles().filter((f) => f.startsWith(created.id))).toEqual([]);
    const gone = await t.request({ url: `${ADMIN_URL}/${created.id}`, cookie: admin });
    expect(gone.statusCode).toBe(404);
    const audit = await rows<{ action: string }>(
      t.database,
      sql`select action from system_logs where entity_id = ${created.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'VideoResourceCreated',
      'VideoResourceUpdated',
      'VideoResourceFileReplaced',
      'VideoResourceDeleted',
    ]);
  });

  it('answers 403 to every admin call of a user without VideoResources_CRUD', async () => {
    const created = await create();
    const calls = [
      { method: 'GET' as const, url: ADMIN_URL },
      { method: 'GET' as const, url: `${ADMIN_URL}/${created.id}` },
      {
        method: 'POST' as const,
        url: ADMIN_URL,
        ...multipart(metadata(), { name: 'a.pdf', content: PDF }),
      },
      {
        method: 'PUT' as const,
        url: `${ADMIN_URL}/${created.id}`,
        payload: { title: 'x', audienceRoles: ['issuer'] },
      },
      { method: 'DELETE' as const, url: `${ADMIN_URL}/${created.id}` },
    ];
    for (const call of calls) {
      const res = await t.request({ ...call, cookie: manager });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});

describe('the resource hub', () => {
  it('lists what the user roles may see, searched by tag text and filtered by tag', async () => {
    const shared = await create({ title: 'Hub clip', tags: '["hubtag","seek"]' });
    const hidden = await create({ title: 'Hub clip for clients', audienceRoles: '["client"]' });
    const res = await t.request({ url: `${HUB_URL}?search=hubtag`, cookie: issuer });
    const hub = res.json<HubResourceList>();
    expect(hub.items.map((r) => r.id)).toEqual([shared.id]);
    expect(hub.tags).toEqual(expect.arrayContaining(['hubtag', 'seek']));
    expect(hub.items[0]).not.toHaveProperty('audienceRoles');
    const tagged = await t.request({ url: `${HUB_URL}?tag=seek`, cookie: issuer });
    expect(tagged.json<HubResourceList>().items.map((r) => r.id)).toEqual([shared.id]);
    const forClient = await t.request({ url: `${HUB_URL}?search=Hub clip`, cookie: client });
    expect(forClient.json<HubResourceList>().items.map((r) => r.id)).toEqual([hidden.id]);
  });

  it('streams the whole file with its type and validators, and ranges with 206', async () => {
    const { id } = await create();
    const whole = await content(id, issuer);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['etag']).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(whole.headers['last-modified']).toBeTruthy();
    expect(whole.rawPayload.equals(WEBM)).toBe(true);

    const middle = await content(id, issuer, { range: 'bytes=10-109' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 10-109/${WEBM.length}`);
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.rawPayload.equals(WEBM.subarray(10, 110))).toBe(true);

    const openEnded = await content(id, issuer, { range: 'bytes=100-' });
    expect(openEnded.statusCode).toBe(206);
    expect(openEnded.headers['content-range']).toBe(`bytes 100-1999/${WEBM.length}`);
    expect(openEnded.rawPayload.equals(WEBM.subarray(100))).toBe(true);

    const suffix = await content(id, issuer, { range: 'bytes=-50' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes 1950-1999/${WEBM.length}`);
    expect(suffix.rawPayload.equals(WEBM.subarray(-50))).toBe(true);

    const pastEnd = await content(id, issuer, { range: `bytes=${WEBM.length}-` });
    expect(pastEnd.statusCode).toBe(416);
    expect(pastEnd.headers['content-range']).toBe(`bytes */${WEBM.length}`);

    const current = await content(id, issuer, { 'if-none-match': String(whole.headers['etag']) });
    expect(current.statusCode).toBe(304);
    const stale = await content(id, issuer, { range: 'bytes=0-9', 'if-range': '"older"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 404 for a resource outside the user roles, and lets administrators play any', async () => {
    const { id } = await create({ audienceRoles: '["client"]' });
    expect((await content(id, issuer)).statusCode).toBe(404);
    expect((await content(id, client, { range: 'bytes=0-3' })).statusCode).toBe(206);
    expect((await content(id, admin, { range: 'bytes=0-3' })).statusCode).toBe(206);
    const unknown = await content('00000000-0000-4000-8000-000000000000', admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('sends a PDF inline, or as an attachment when asked to download', async () => {
    const { id } = await create({ audienceRoles: '["issuer"]' }, PDF, 'Guide ünicode.pdf');
    const shown = await content(id, issuer);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toBe(
      `inline; filename="Guide _nicode.pdf"; filename*=UTF-8''Guide%20%C3%BCnicode.pdf`,
    );
    const saved = await t.request({
      url: `${HUB_URL}/${id}/content?download=true`,
      cookie: issuer,
    });
    expect(saved.headers['content-disposition']).toMatch(/^attachment; /);
  });
});
