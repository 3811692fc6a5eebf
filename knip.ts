import type { KnipConfig } from 'knip';

/**
 * `npm run lint` runs knip: no unused file, dependency or export. Entry points are what a
 * person or a tool starts: the server, its worker and CLIs, the web app, tests and e2e specs,
 * benchmarks, scripts and lint rules (the Vitest, Playwright and Vite plugins find their
 * configs' own entries).
 */
const config: KnipConfig = {
  // A file's export used in that file (an endpoint's fetcher, used by its queryOptions beside
  // it) is its public surface by design (DESIGN §4: fetcher, queryOptions, hook per endpoint).
  ignoreExportsUsedInFile: true,
  // Commands of the machine the benchmarks use, not packages (wrk: Debian's load generator).
  ignoreBinaries: ['uptime', 'wrk'],
  workspaces: {
    '.': {
      // bench/outputs.bench.ts loads its parts (bench/outputs/<part>.ts) by name.
      entry: ['bench/*.bench.ts', 'bench/outputs/*.ts', 'scripts/*.ts', 'eslint-rules/*.{js,ts}'],
      project: ['bench/**/*.ts', 'scripts/**/*.ts', 'eslint-rules/**/*.{js,ts}'],
      // vitest.config.ts names each project's global setup relative to that project's root.
      ignoreUnresolved: ['./test/global-setup.ts'],
    },
    'packages/contract': {
      // Its package.json exports every file, so each is an entry: report their unused exports
      // too. Vocabulary kept for screens still to build is tagged `@public` with its SPEC section.
      project: ['src/**/*.ts'],
      includeEntryExports: true,
    },
    'apps/server': {
      // main.ts, worker.ts and database-cli.ts are found from package.json's scripts.
      entry: ['src/**/*.cli.ts', 'test/**/*.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    'apps/web': {
      entry: ['e2e/**/*.spec.ts'],
      project: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    },
  },
};

export default config;
