import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addNewHashes, MIGRATIONS_FOLDER, migrationProblems } from './migration-checksums.js';

describe('committed migrations', () => {
  it('are exactly as committed, each with its hash', () => {
    // A failure here: undo the edit and add a new migration instead (docs/recipes.md).
    expect(migrationProblems()).toEqual([]);
  });
});

describe('the migration checksums', () => {
  let copy: string;
  const copyOfMigrations = () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-migrations-'));
    fs.cpSync(MIGRATIONS_FOLDER, copy, { recursive: true });
    return copy;
  };
  afterEach(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('refuse an edited migration, asking for a new one', () => {
    const folder = copyOfMigrations();
    fs.appendFileSync(path.join(folder, '0021_user_list_status.sql'), '\n-- edited');
    expect(migrationProblems(folder)).toEqual([
      '0021_user_list_status.sql was edited after it was committed: undo that and add a new migration instead.',
    ]);
  });

  it('refuse an edited journal entry', () => {
    const folder = copyOfMigrations();
    const file = path.join(folder, 'meta/_journal.json');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('"0002_proq_counts"', '"0002_renamed"'),
    );
    const problems = migrationProblems(folder);
    expect(problems).toContain('0002_proq_counts.journal was committed and is gone: restore it.');
    expect(problems.some((p) => p.startsWith('0002_renamed.journal has no hash'))).toBe(true);
  });

  it('ask for the hash of a new migration, and --add records it without touching the others', () => {
    const folder = copyOfMigrations();
    fs.writeFileSync(path.join(folder, '9999_new.sql'), 'select 1;');
    expect(migrationProblems(folder)).toEqual([
      expect.stringMatching(/^9999_new\.sql has no hash: run .*--add/),
    ]);
    expect(addNewHashes(folder)).toEqual(['9999_new.sql']);
    expect(migrationProblems(folder)).toEqual([]);
    const recorded = fs.readFileSync(path.join(folder, 'checksums.json'), 'utf8');
    fs.appendFileSync(path.join(folder, '0000_init.sql'), '\n-- edited');
    expect(addNewHashes(folder)).toEqual([]);
    expect(fs.readFileSync(path.join(folder, 'checksums.json'), 'utf8')).toBe(recorded);
    expect(migrationProblems(folder)).toEqual([
      '0000_init.sql was edited after it was committed: undo that and add a new migration instead.',
    ]);
  });
});
