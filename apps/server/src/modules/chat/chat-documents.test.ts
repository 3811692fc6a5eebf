import { CHAT_TEXTS } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf, multipart, type UploadFile } from '../../../test/chat-files.js';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp({ CHAT_UPLOAD_MAX_MB: '1' });

let admin: string;
let issuer: string;
beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  issuer = await t.signIn('issuer@example.com');
}, 120_000);

function upload(files: UploadFile[], cookie = admin) {
  const body = multipart(files);
  return t.request({ method: 'POST', url: '/chat/documents/upload', cookie, ...body });
}
async function search(question: string, cookie = admin) {
  const res = await t.request({
    method: 'POST',
    url: '/chat/documents/search',
    cookie,
    payload: { question, limit: 5 },
  });
  return res.json();
}
async function listed() {
  return (await t.request({ url: '/chat/documents', cookie: admin })).json();
}

const policy = [
  '# Card acceptance policy',
  '',
  'Our suppliers are paid by virtual card when they accept it. The rebate is shared quarterly.',
  '',
  '## Exceptions',
  '',
  'Strategic suppliers are never contacted without the procurement director.',
].join('\n');

describe('POST /chat/documents/upload', () => {
  it('indexes PDF, Word, Markdown and text files, recognised by content, with pages and passages', async () => {
    const res = await upload([
      { filename: 'policy.md', content: policy },
      {
        filename: 'rates.pdf',
        content: makePdf(['Interchange rates overview.', 'Lodged cards settle monthly.']),
      },
      {
        filename: 'terms.docx',
        content: makeDocx(['# Payment terms', 'Invoices are paid within 45 days.']),
      },
      { filename: 'C:\\Users\\me\\notes', content: 'Plain notes about onboarding calls.' },
    ]);
    expect(res.statusCode).toBe(200);
    const { uploaded, failed_files } = res.json();
    expect(failed_files).toEqual([]);
    expect(
      uploaded.map((d: { filename: string; format: string; page_count: number }) => [
        d.filename,
        d.format,
        d.page_count,
      ]),
    ).toEqual([
      ['policy.md', 'markdown', 1],
      ['rates.pdf', 'pdf', 2],
      ['terms.docx', 'docx', 1],
      ['notes', 'text', 1],
    ]);
    expect(uploaded[0]).toMatchObject({
      replaced: false,
      uploaded_by: 'sysadmin@example.com',
      shipped: false,
      language: 'english',
    });
    expect(uploaded[0].chunk_count).toBeGreaterThanOrEqual(2);

    const { documents, total_count } = await listed();
    expect(total_count).toBe(4);
    const pdf = documents.find((d: { filename: string }) => d.filename === 'rates.pdf');
    expect(pdf).toMatchObject({ page_count: 2, chunk_count: 2, size_bytes: expect.any(Number) });
    expect(Date.parse(pdf.uploaded_at)).not.toBeNaN();

    const found = await search('When do lodged cards settle?');
    expect(found.passages[0]).toMatchObject({ source: 'rates.pdf', page: 2, rank: 1 });
  });

  it('lists unreadable files in failed_files with a readable error while the others are indexed', async () => {
    const exe = Buffer.from([
      0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
    ]);
    const res = await upload([
      { filename: 'setup.pdf', content: exe },
      { filename: 'good.txt', content: 'Purchasing cards suit low-value buying.' },
      { filename: 'fake.docx', content: 'I am only text' },
      { filename: 'empty.md', content: '' },
      { filename: 'scan.pdf', content: makePdf(['']) },
      { filename: 'big.txt', content: 'word '.repeat(300_000) },
    ]);
    expect(res.statusCode).toBe(200);
    const { uploaded, failed_files } = res.json();
    expect(uploaded.map((d: { filename: string }) => d.filename)).toEqual(['good.txt']);
    expect(failed_files).toEqual([
      {
        filename: 'setup.pdf',
        error: 'Unsupported file type: upload PDF, Word (.docx), text or Markdown files.',
      },
      {
        filename: 'fake.docx',
        error: 'The file is named .docx but its content is not a Word (.docx) document.',
      },
      { filename: 'empty.md', error: 'The file is empty.' },
      {
        filename: 'scan.pdf',
        error: 'No text could be found in the file (a scanned PDF needs text recognition first).',
      },
      { filename: 'big.txt', error: 'The file is larger than the 1 MB limit.' },
    ]);
    const names = (await listed()).documents.map((d: { filename: string }) => d.filename);
    expect(names).not.toContain('setup.pdf');
    expect(names).toContain('good.txt');
  });

  it('replaces a document of the same name atomically; a bad new version leaves the old one', async () => {
    await upload([{ filename: 'faq.md', content: '# FAQ\n\nThe cheque cost is twenty pounds.' }]);
    const res = await upload([
      { filename: 'faq.md', content: '# FAQ\n\nThe wire transfer fee is five euros.' },
    ]);
    expect(res.json().uploaded[0]).toMatchObject({ filename: 'faq.md', replaced: true });
    const faq = (await listed()).documents.filter(
      (d: { filename: string }) => d.filename === 'faq.md',
    );
    expect(faq).toHaveLength(1);
    expect(
      (await search('twenty pounds cheque')).passages.some(
        (p: { source: string }) => p.source === 'faq.md',
      ),
    ).toBe(false);
    expect((await search('wire transfer fee')).passages[0]).toMatchObject({ source: 'faq.md' });

    const broken = await upload([{ filename: 'faq.md', content: Buffer.from([0, 1, 2, 3, 4, 5]) }]);
    expect(broken.json().failed_files).toHaveLength(1);
    expect((await search('wire transfer fee')).passages[0]).toMatchObject({ source: 'faq.md' });
  });

  it('refuses a request without files, and non-multipart bodies', async () => {
    const none = await t.request({
      method: 'POST',
      url: '/chat/documents/upload',
      cookie: admin,
      ...multipart([]),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(CHAT_TEXTS.noFiles);
    const json = await t.request({
      method: 'POST',
      url: '/chat/documents/upload',
      cookie: admin,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(400);
  });

  it('is for ChatbotDocumentManagement_CRUD holders only', async () => {
    expect((await upload([{ filename: 'x.txt', content: 'x' }], issuer)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'POST',
      url: '/chat/documents/upload',
      ...multipart([{ filename: 'x.txt', content: 'x' }]),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET and DELETE /chat/documents', () => {
  it('pages the list by limit and offset, sorted by file name', async () => {
    await upload([
      { filename: 'page-a.txt', content: 'Alpha suppliers.' },
      { filename: 'page-b.txt', content: 'Beta suppliers.' },
    ]);
    const all = await listed();
    const page = (
      await t.request({ url: '/chat/documents?limit=1&offset=1', cookie: admin })
    ).json();
    expect(page).toMatchObject({ limit: 1, offset: 1, total_count: all.total_count });
    expect(page.documents.map((d: { filename: string }) => d.filename)).toEqual([
      all.documents[1].filename,
    ]);
    expect((await t.request({ url: '/chat/documents', cookie: issuer })).statusCode).toBe(403);
  });

  it('deletes a document and its passages; an unknown name is 404', async () => {
    await upload([{ filename: 'obsolete.md', content: 'Obsolete zebra procedure for couriers.' }]);
    expect((await search('zebra procedure')).passages[0]).toMatchObject({ source: 'obsolete.md' });
    const res = await t.request({
      method: 'DELETE',
      url: '/chat/documents?filename=obsolete.md',
      cookie: admin,
    });
    expect(res.json()).toEqual({ filename: 'obsolete.md', deleted: true });
    expect((await search('zebra procedure')).passages).toEqual([]);
    const again = await t.request({
      method: 'DELETE',
      url: '/chat/documents?filename=obsolete.md',
      cookie: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CHAT_TEXTS.documentNotFound);
    const missing = await t.request({ method: 'DELETE', url: '/chat/documents', cookie: admin });
    expect(missing.statusCode).toBe(400);
    const forbidden = await t.request({
      method: 'DELETE',
      url: '/chat/documents?filename=policy.md',
      cookie: issuer,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('retrieval (POST /chat/documents/search)', () => {
  it('stems words in the document language, and handles phrases and prefixes', async () => {
    await upload([
      {
        filename: 'matching.md',
        content:
          '# Matching\n\nThe engine matched every supplier with a merchant.\n\nSome virtual lockbox cards are not virtual cards.',
      },
      {
        filename: 'lieferanten.md',
        content:
          '# Lieferanten\n\nDie Lieferanten akzeptieren Kreditkarten, wenn die Bank das Risiko nicht übernimmt und die Gebühren niedrig sind.',
      },
    ]);
    const stemmed = await search('How does matching work for suppliers?');
    expect(stemmed.passages[0]).toMatchObject({ source: 'matching.md' });
    expect(stemmed.query).toBe('matching | work | suppliers');

    const german = await search('Welcher Lieferant akzeptiert Kreditkarten?');
    expect(german.passages[0]).toMatchObject({ source: 'lieferanten.md' });
    const listedGerman = (await listed()).documents.find(
      (d: { filename: string }) => d.filename === 'lieferanten.md',
    );
    expect(listedGerman.language).toBe('german');

    const phrase = await search('"lockbox cards"');
    expect(phrase.passages.map((p: { source: string }) => p.source)).toEqual(['matching.md']);
    expect((await search('"cards lockbox"')).passages).toEqual([]);

    const prefix = await search('merch*');
    expect(prefix.passages[0]).toMatchObject({ source: 'matching.md' });
  });

  it('ranks passages whose heading matches above passing mentions', async () => {
    await upload([
      {
        filename: 'heading-a.md',
        content: '# Fleet cards\n\nThey are issued per vehicle and limited to fuel.',
      },
      {
        filename: 'heading-b.md',
        content:
          '# Travel\n\nSome travel managers also mention fleet cards in passing, along with many other things.',
      },
    ]);
    const found = await search('fleet cards');
    expect(found.passages[0]).toMatchObject({ source: 'heading-a.md', rank: 1 });
    expect(found.passages[1]).toMatchObject({ source: 'heading-b.md', rank: 2 });
    expect(found.passages[0].score).toBeGreaterThan(found.passages[1].score);
  });

  it('refuses a question over 1000 characters', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/chat/documents/search',
      cookie: admin,
      payload: { question: 'x'.repeat(1001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(CHAT_TEXTS.questionTooLong);
  });
});
