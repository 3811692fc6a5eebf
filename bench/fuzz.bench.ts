import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/**
 * The API fuzz test (apps/server/test/api-fuzz.test.ts) at length: many more requests per
 * operation and role than CI's, from a random seed printed first, so a failure can be replayed
 * with `FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npx vitest run --project server-pglite
 * apps/server/test/api-fuzz.test.ts`. FUZZ_SEED and FUZZ_RUNS (default 30) may be given; with
 * TEST_DATABASE_URL set it runs on PostgreSQL instead of PGlite.
 */
const seed = process.env.FUZZ_SEED ?? String(randomInt(2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '30';
const project = process.env.TEST_DATABASE_URL ? 'server-postgres' : 'server-pglite';
console.log(`API fuzz: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} on ${project}`);

const started = Date.now();
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', project, 'apps/server/test/api-fuzz.test.ts'],
  {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
    stdio: 'inherit',
  },
);
console.log(
  `API fuzz ${result.status === 0 ? 'PASS' : 'FAIL'} in ${((Date.now() - started) / 1000).toFixed(0)} s ` +
    `(replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs})`,
);
process.exit(result.status ?? 1);
