/**
 * `npm run db:check`: the Drizzle schema says what the migrations say. It runs `drizzle-kit
 * generate` into a temporary copy of the migrations folder (never the real one) and fails,
 * listing what it would generate, if that is anything; and it fails if a committed migration
 * was edited (scripts/migration-checksums.ts).
 *
 * What the schema cannot say is written by hand in custom migrations and guarded by
 * apps/server/test/catalogue.test.ts: the INCLUDE columns of the user list indexes (drizzle's
 * index builder has no INCLUDE) and the counting triggers. A generated migration that recreates
 * one of those indexes would lose its INCLUDE columns: this check names it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER, migrationProblems } from './migration-checksums.js';

const SERVER = fileURLToPath(new URL('../apps/server', import.meta.url));

/** Indexes whose last CREATE in the migrations has INCLUDE columns. */
export function coveringIndexes(folder = MIGRATIONS_FOLDER): string[] {
  const created = new Map<string, boolean>();
  const files = fs.readdirSync(folder).filter((f) => f.endsWith('.sql'));
  for (const file of files.sort()) {
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    for (const [statement, name] of text.matchAll(/CREATE INDEX "([^"]+)"[^;]*/g)) {
      created.set(name!, /\bINCLUDE\s*\(/.test(statement));
    }
  }
  return [...created].filter(([, include]) => include).map(([name]) => name);
}

/** The SQL `drizzle-kit generate` would write now, by file name; none when the schema agrees. */
export function wouldGenerate(folder = MIGRATIONS_FOLDER): Record<string, string> {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-db-check-'));
  try {
    fs.cpSync(folder, copy, { recursive: true });
    const before = new Set(fs.readdirSync(copy));
    // drizzle-kit reads --out relative to its working directory, even an absolute one.
    const out = path.relative(SERVER, copy);
    const run = spawnSync(
      'npx',
      [
        'drizzle-kit',
        'generate',
        '--dialect=postgresql',
        '--schema=./src/db/schema.ts',
        `--out=${out}`,
      ],
      { cwd: SERVER, encoding: 'utf8' },
    );
    if (run.status !== 0) {
      throw new Error(`drizzle-kit generate failed:\n${run.stdout}${run.stderr}`);
    }
    const added = fs.readdirSync(copy).filter((f) => !before.has(f) && f.endsWith('.sql'));
    return Object.fromEntries(added.map((f) => [f, fs.readFileSync(path.join(copy, f), 'utf8')]));
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

function main() {
  const problems = migrationProblems();
  const generated = wouldGenerate();
  for (const [file, text] of Object.entries(generated)) {
    problems.push(
      `The schema and the migrations differ: drizzle-kit generate would write ${file}:\n${text}\n` +
        'Run `npm run db:generate`, review the migration and commit it with the schema change.',
    );
    for (const name of coveringIndexes().filter((n) => text.includes(`"${n}"`))) {
      problems.push(
        `${file} recreates ${name} without its INCLUDE columns (drizzle cannot say INCLUDE): ` +
          'write that index by hand in a custom migration (`npm run db:generate -- --custom`).',
      );
    }
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exitCode = 1;
  } else {
    console.log('db:check: the schema matches the migrations, and no committed migration changed.');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
