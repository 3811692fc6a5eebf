/**
 * `npm run db:generate [-- --custom --name=<what>]`: drizzle-kit writes the next migration from
 * the schema (or an empty one to write by hand), then its hash is recorded in checksums.json
 * (scripts/migration-checksums.ts). A custom migration is hashed once its SQL is written:
 * `npm run db:checksums -- --add`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addNewHashes } from './migration-checksums.js';

const args = process.argv.slice(2);
const run = spawnSync('npx', ['drizzle-kit', 'generate', ...args], {
  cwd: fileURLToPath(new URL('../apps/server', import.meta.url)),
  stdio: 'inherit',
});
if (run.status !== 0) process.exit(run.status ?? 1);
if (args.includes('--custom')) {
  console.log('Write the SQL, then record its hash: npm run db:checksums -- --add');
} else {
  console.log(`checksums.json: ${addNewHashes().length} new hashes`);
}
