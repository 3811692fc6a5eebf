import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

// A built web app as the build leaves it: hashed assets with .br and .gz copies beside them.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-web-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>B2B Analytics</title></head><body></body></html>',
);
fs.writeFileSync(
  path.join(dist, 'route-preloads.json'),
  JSON.stringify({
    routes: [{ path: '/jobs/:jobId/suppliers', files: ['/assets/suppliers-page-def456.js'] }],
  }),
);
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ WEB_DIST: dist });

describe('the built web app', () => {
  it('sends an asset pre-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await t.request({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await t.request({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('serves index.html for app routes, revalidated on every load', async () => {
    for (const url of ['/', '/jobs/some-job/suppliers']) {
      const res = await t.request({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>B2B Analytics</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("names a signed-in page's scripts for a browser with a session, and only then", async () => {
    const link =
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/suppliers-page-def456.js">';
    const signedIn = await t.request({
      url: '/jobs/some-job/suppliers',
      headers: { cookie: 'b2b_session=abc' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain(`${link}</head>`);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(signedIn.headers.vary).toContain('cookie');
    const signedOut = await t.request({ url: '/jobs/some-job/suppliers' });
    expect(signedOut.body).not.toContain('modulepreload');
    const otherPage = await t.request({ url: '/analysis', headers: { cookie: 'b2b_session=abc' } });
    expect(otherPage.statusCode).toBe(200);
    expect(otherPage.body).not.toContain('modulepreload');
  });

  it('answers a missing asset with a JSON 404, not the app page', async () => {
    const res = await t.request({ url: '/assets/gone-000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, statusCode: 404 });
  });
});
