import os from 'node:os';
import { defineConfig } from 'vitest/config';

const serverProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `*.pg.test.ts` need a server that several processes share: real PostgreSQL only. The
    // engine, lib and storage folders never open a database (DESIGN: the engine is pure), so
    // their tests run once, on the PGlite pass, instead of twice.
    exclude:
      kind === 'pglite'
        ? ['**/*.pg.test.ts', '**/node_modules/**']
        : ['src/engine/**', 'src/lib/**', 'src/storage/**', '**/node_modules/**'],
    globalSetup: ['./test/global-setup.ts'],
    // Files share a worker's module graph instead of importing the whole server again each:
    // importing was 570-610 s of a 990 s run. Safe because each file builds its own app on its
    // own database copy, no server test mocks modules (vi.mock), and the only module-level
    // state is caches of shipped files and scratch arrays.
    isolate: false,
    env: { TEST_DB_KIND: kind },
    // Generous: a test that runs whole jobs through ProQ shares two cores with another file.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});

/**
 * One run covers the contract, the server on PGlite, the server again on a real PostgreSQL when
 * TEST_DATABASE_URL is set, and the web app's page tests.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    // Every server test file has its own database copy, and much of their time is spent waiting
    // on PostgreSQL or DuckDB, so two files side by side keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // The two server projects run the same files: with transformed modules kept on disk, the
    // second reads what the first transformed instead of transforming every file again.
    experimental: { fsModuleCache: true },
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      // The repository's own lint rules and scripts (migration checksums), proved on fixtures.
      {
        test: {
          name: 'tooling',
          root: '.',
          include: ['eslint-rules/*.test.ts', 'scripts/*.test.ts', 'apps/web/build/*.test.ts'],
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
