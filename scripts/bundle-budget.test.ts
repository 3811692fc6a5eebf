import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeModules } from '../apps/web/build/route-preloads';
import { chunkCycles, type Manifest, measure, staticClosure } from './bundle-budget';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['_render-app.js'],
  },
  // The `render-app` chunk group's chunk, as Vite's manifest names it: no source of its own.
  '_render-app.js': {
    file: 'assets/render-app.js',
    name: 'render-app',
    imports: ['_react.js', '_react-dom.js'],
    dynamicImports: ['src/app/frames/public-frame.tsx', 'src/app/routes/auth/login-page.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_react-dom.js': { file: 'assets/react-dom.js', imports: ['_react.js'] },
  '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'] },
  '_chart.js': { file: 'assets/chart.js', imports: ['_mui.js'] },
  'src/app/frames/public-frame.tsx': {
    file: 'assets/public-frame.js',
    src: 'src/app/frames/public-frame.tsx',
    imports: ['_mui.js'],
  },
  'src/app/routes/auth/login-page.tsx': {
    file: 'assets/login-page.js',
    src: 'src/app/routes/auth/login-page.tsx',
    imports: ['_mui.js', '_react.js'],
  },
  'src/modules/jobs/pages/insights-page.tsx': {
    file: 'assets/insights-page.js',
    src: 'src/modules/jobs/pages/insights-page.tsx',
    imports: ['_chart.js'],
  },
};
const sizes: Record<string, number> = {
  'assets/index.js': 100,
  'assets/render-app.js': 10,
  'assets/react.js': 40,
  'assets/react-dom.js': 60,
  'assets/mui.js': 30,
  'assets/chart.js': 20,
  'assets/public-frame.js': 2,
  'assets/login-page.js': 3,
  'assets/insights-page.js': 5,
};

describe('the bundle budget', () => {
  it('follows static imports deeply, once each', () => {
    expect(
      [...staticClosure(manifest, ['src/modules/jobs/pages/insights-page.tsx'])].sort(),
    ).toEqual(['assets/chart.js', 'assets/insights-page.js', 'assets/mui.js', 'assets/react.js']);
  });

  it('counts the sign-in page as entry, rendering code, public frame and login page, and each route beyond them', () => {
    const routes = new Map([
      ['/login', './routes/auth/login-page'],
      ['/jobs/:jobId/insights', '../modules/jobs/pages/insights-page'],
    ]);
    const report = measure(manifest, routes, (file) => sizes[file]!);
    expect(report.signInBytes).toBe(100 + 10 + 60 + 40 + 30 + 2 + 3);
    expect(report.startFiles).toEqual([
      'assets/index.js',
      'assets/react-dom.js',
      'assets/react.js',
      'assets/render-app.js',
    ]);
    expect(report.routes).toEqual([
      { route: '/login', file: 'assets/login-page.js', addedBytes: 3 + 30 },
      { route: '/jobs/:jobId/insights', file: 'assets/insights-page.js', addedBytes: 5 + 20 + 30 },
    ]);
  });

  it('reads every page of the public table, one-line and wrapped entries alike', () => {
    const source = fs.readFileSync('apps/web/src/app/public-route-pages.ts', 'utf8');
    const routes = routeModules(source);
    // The server-error page is part of the entry (it must show when a chunk fails to load).
    const keys = [...source.matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1]);
    expect([...routes.keys()]).toEqual(keys.filter((key) => key !== '/500'));
    expect(routes.get('/login')).toBe('./routes/auth/login-page');
  });

  it('reads every page of the signed-in table, one-line and wrapped entries alike', () => {
    const source = fs.readFileSync('apps/web/src/app/route-pages.ts', 'utf8');
    const routes = routeModules(source);
    const keys = [...source.matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1]);
    expect([...routes.keys()]).toEqual(keys);
    expect(routes.get('/')).toBe('./routes/home/home-page');
    expect(routes.size).toBeGreaterThan(50);
  });

  it('names a page the manifest lacks instead of counting it as nothing', () => {
    expect(() =>
      measure(manifest, new Map([['/x', './routes/missing-page']]), (f) => sizes[f]!),
    ).toThrow('No chunk in the manifest for ./routes/missing-page');
  });
});

describe('chunkCycles', () => {
  it('finds none in a build whose chunks import downwards only', () => {
    expect(chunkCycles(manifest)).toEqual([]);
  });

  it('names the chunks of a cycle, also through a third chunk', () => {
    const cyclic: Manifest = {
      ...manifest,
      '_signed-in.js': { file: 'assets/signed-in.js', imports: ['_react.js', '_frame.js'] },
      '_frame.js': { file: 'assets/frame.js', imports: ['_routes.js'] },
      '_routes.js': { file: 'assets/routes.js', imports: ['_signed-in.js'] },
    };
    expect(chunkCycles(cyclic)).toEqual([
      ['assets/signed-in.js', 'assets/frame.js', 'assets/routes.js'],
    ]);
  });
});
