import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtRoutePreloads, routePreloadLookup, withPreloads } from './route-preloads.js';

const table = {
  routes: [
    { path: '/', files: ['/assets/home.js'] },
    { path: '/jobs/:jobId/summary', files: ['/assets/summary.js'] },
    { path: '/jobs/loading/*', files: ['/assets/loading.js'] },
    { path: '/jobs/:jobId/:tab', files: ['/assets/tab.js'] },
    { path: '/dev/examples/*', files: ['/assets/examples.js'] },
  ],
};

describe('routePreloadLookup', () => {
  const lookup = routePreloadLookup(table);

  it('finds the files of the route a path matches, parameters and all', () => {
    expect(lookup('/')).toEqual(['/assets/home.js']);
    expect(lookup('/jobs/3330c83f/summary')).toEqual(['/assets/summary.js']);
    expect(lookup('/jobs/3330c83f/summary/')).toEqual(['/assets/summary.js']);
  });

  it('prefers the route with more fixed segments, as the router does', () => {
    expect(lookup('/jobs/loading/abc')).toEqual(['/assets/loading.js']);
    expect(lookup('/jobs/abc/insights')).toEqual(['/assets/tab.js']);
  });

  it('lets a trailing * match the rest of the path, or nothing', () => {
    expect(lookup('/dev/examples')).toEqual(['/assets/examples.js']);
    expect(lookup('/dev/examples/forms/dialog')).toEqual(['/assets/examples.js']);
  });

  it('finds nothing for a path no route matches', () => {
    expect(lookup('/jobs')).toEqual([]);
    expect(lookup('/no/such/page/here')).toEqual([]);
    expect(lookup('/jobs//summary')).toEqual([]);
  });

  it('refuses a table whose files are not built scripts', () => {
    const bad = { routes: [{ path: '/', files: ['/assets/x.js"><script>alert(1)</script>'] }] };
    expect(() => routePreloadLookup(bad)).toThrow();
    expect(() => routePreloadLookup({ routes: [{ path: 'no-slash', files: [] }] })).toThrow();
  });
});

describe('withPreloads', () => {
  it("names each file in a modulepreload link before the head's end", () => {
    const html = '<html><head><title>B2B</title></head><body></body></html>';
    expect(withPreloads(html, ['/assets/a.js', '/assets/b.js'])).toBe(
      '<html><head><title>B2B</title>' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/a.js">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/b.js"></head><body></body></html>',
    );
  });
});

describe('builtRoutePreloads', () => {
  it('reads the table again when a build rewrites it, and none when it is missing', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-route-preloads-'));
    try {
      const current = builtRoutePreloads(dist);
      expect(current()).toBeUndefined();
      const file = path.join(dist, 'route-preloads.json');
      fs.writeFileSync(file, JSON.stringify(table));
      expect(current()?.('/')).toEqual(['/assets/home.js']);
      fs.writeFileSync(
        file,
        JSON.stringify({ routes: [{ path: '/', files: ['/assets/new.js'] }] }),
      );
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      expect(current()?.('/')).toEqual(['/assets/new.js']);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
