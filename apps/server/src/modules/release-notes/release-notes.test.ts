import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReleaseNote } from '@b2b/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { testConfig } from '../../../test/harness.js';
import { createReleaseNotesService, parseReleaseNote } from './release-notes.service.js';

const note = (version: string, date: string, title: string, text: string) =>
  `---\ntitle: ${title}\nversion: ${version}\ndate: ${date}\n---\n\n${text}\n`;

// A folder of its own, so every figure is known: 1.10.0 and 1.9.0 share a day.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-notes-'));
fs.writeFileSync(
  path.join(dir, '2026-01-05-1.9.0.md'),
  note('1.9.0', '2026-01-05', 'Faster lists', 'The user list pages in *one* round trip.'),
);
fs.writeFileSync(
  path.join(dir, '2026-01-05-1.10.0.md'),
  note('1.10.0', '2026-01-05', 'Campaign tracker', 'Counters for every campaign.'),
);
fs.writeFileSync(
  path.join(dir, '2025-12-01-1.0.0.md'),
  note('1.0.0', '2025-12-01', 'First release', 'Sign-in <script>alert("x")</script> and lists.'),
);
fs.writeFileSync(path.join(dir, 'README.txt'), 'not a note');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ RELEASE_NOTES_DIR: dir });

const list = async (query = '') => {
  const issuer = await t.signIn('issuer@example.com');
  const res = await t.request({ url: `/api/v1/release-notes${query}`, cookie: issuer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReleaseNote[]>();
};

describe('release notes', () => {
  it('lists every note newest first: by date, then by version as numbers', async () => {
    const notes = await list();
    expect(notes.map((n) => n.version)).toEqual(['1.10.0', '1.9.0', '1.0.0']);
    expect(notes[1]).toEqual({
      version: '1.9.0',
      title: 'Faster lists',
      date: '2026-01-05',
      text: 'The user list pages in *one* round trip.',
    });
  });

  it('finds the notes whose title or text holds every word, in any case', async () => {
    expect((await list('?search=CAMPAIGN')).map((n) => n.version)).toEqual(['1.10.0']);
    expect((await list('?search=list%20round')).map((n) => n.version)).toEqual(['1.9.0']);
    expect((await list('?search=lists')).map((n) => n.version)).toEqual(['1.9.0', '1.0.0']);
    expect(await list('?search=campaign%20sign-in')).toEqual([]);
    expect((await list('?search=%20%20')).length).toBe(3);
  });

  it('answers a note holding HTML with it as text, never as markup to run', async () => {
    const issuer = await t.signIn('issuer@example.com');
    const res = await t.request({ url: '/api/v1/release-notes?search=first', cookie: issuer });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json<ReleaseNote[]>()[0]!.text).toBe(
      'Sign-in <script>alert("x")</script> and lists.',
    );
  });

  it('refuses a search longer than 200 characters naming the field', async () => {
    const issuer = await t.signIn('issuer@example.com');
    const res = await t.request({
      url: `/api/v1/release-notes?search=${'a'.repeat(201)}`,
      cookie: issuer,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('search');
  });

  it('says which file lacks its front matter', () => {
    expect(() => parseReleaseNote('2026-01-01-2.0.0.md', '# No front matter')).toThrow(
      'Release note 2026-01-01-2.0.0.md: no front matter',
    );
    expect(() =>
      parseReleaseNote('x.md', '---\ntitle: T\nversion: 2.0.0\ndate: 1 Jan\n---\ntext'),
    ).toThrow('Release note x.md: date must be YYYY-MM-DD');
  });
});

describe('the shipped release notes', () => {
  it('parse, newest first, and hold the note the release notice links to', async () => {
    const notes = await createReleaseNotesService({}).list();
    expect(notes.map((n) => n.version)).toEqual(['1.4.0', '1.3.0', '1.2.0', '1.1.0', '1.0.0']);
    const notice = testConfig().client.releaseNotice;
    expect(notes.map((n) => n.version)).toContain(notice.version);
    for (const n of notes) expect(n.text).not.toMatch(/<[a-z]/i);
  });
});
