/**
 * A committed migration is never edited: a database that has applied it never sees the edit
 * (drizzle runs each migration once, by its place in the journal). This keeps the sha-256 of
 * every migration's SQL and of its journal entry in apps/server/src/db/migrations/checksums.json;
 * scripts/migration-checksums.test.ts fails when one differs or a migration has none.
 *
 *   npm run db:checksums              check (exit 1 on a problem)
 *   npm run db:checksums -- --add     record the hashes of migrations that have none
 *
 * `npm run db:generate` runs `--add` after drizzle-kit, so a new migration gets its hash at birth.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_FOLDER = fileURLToPath(
  new URL('../apps/server/src/db/migrations', import.meta.url),
);

type JournalEntry = { idx: number; tag: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The hash of each migration: `<tag>.sql` for its SQL, `<tag>.journal` for its journal entry. */
export function migrationHashes(folder = MIGRATIONS_FOLDER): Record<string, string> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const hashes: Record<string, string> = {};
  for (const entry of journal.entries) {
    hashes[`${entry.tag}.journal`] = sha256(JSON.stringify(entry));
  }
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.sql'))) {
    hashes[file] = sha256(fs.readFileSync(path.join(folder, file), 'utf8'));
  }
  return hashes;
}

const checksumsFile = (folder: string) => path.join(folder, 'checksums.json');

export function recordedHashes(folder = MIGRATIONS_FOLDER): Record<string, string> {
  const file = checksumsFile(folder);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
}

/** What is wrong, one line each: an edited or removed migration, or one without a hash. */
export function migrationProblems(folder = MIGRATIONS_FOLDER): string[] {
  const actual = migrationHashes(folder);
  const recorded = recordedHashes(folder);
  const problems: string[] = [];
  for (const [name, hash] of Object.entries(recorded)) {
    if (!(name in actual)) problems.push(`${name} was committed and is gone: restore it.`);
    else if (actual[name] !== hash) {
      problems.push(
        `${name} was edited after it was committed: undo that and add a new migration instead.`,
      );
    }
  }
  for (const name of Object.keys(actual).filter((n) => !(n in recorded))) {
    problems.push(
      `${name} has no hash: run \`npm run db:checksums -- --add\` (npm run db:generate does) and commit checksums.json.`,
    );
  }
  return problems;
}

/** Records the hashes of migrations that have none; never changes a recorded one. */
export function addNewHashes(folder = MIGRATIONS_FOLDER): string[] {
  const recorded = recordedHashes(folder);
  const added = Object.entries(migrationHashes(folder)).filter(([name]) => !(name in recorded));
  if (added.length === 0) return [];
  const next = Object.fromEntries(
    Object.entries({ ...recorded, ...Object.fromEntries(added) }).sort(([a], [b]) =>
      a.localeCompare(b),
    ),
  );
  fs.writeFileSync(checksumsFile(folder), `${JSON.stringify(next, null, 2)}\n`);
  return added.map(([name]) => name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--add')) {
    const added = addNewHashes();
    console.log(`checksums.json: ${added.length} new hashes`);
  }
  const problems = migrationProblems();
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length ? 1 : 0;
}
