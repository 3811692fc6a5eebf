import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileStorageBehaviours } from '../../test/file-storage-behaviours.js';
import { assertSafeKey, createLocalFileStorage } from './file-storage.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-storage-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('LocalFileStorage', () => {
  const storage = createLocalFileStorage(dataDir);

  fileStorageBehaviours(() => storage);

  it('keeps files under DATA_DIR/files, where a path is the stored file itself', async () => {
    expect(storage.root).toBe(path.join(dataDir, 'files'));
    await storage.put('jobs/local/a.csv', 'a');
    const local = await storage.localPath('jobs/local/a.csv');
    expect(local.path).toBe(path.join(dataDir, 'files', 'jobs', 'local', 'a.csv'));
    await local.release();
  });

  it('lets a reader that opened the old file read it to the end after a commit replaced it', async () => {
    const key = 'jobs/j3/parquet/matches.parquet';
    fs.writeFileSync(await storage.localWritePath(key), 'run 1');
    await storage.commitLocal(key);
    const stored = (await storage.localPath(key)).path;
    const reader = fs.openSync(stored, 'r');
    fs.writeFileSync(await storage.localWritePath(key), 'run 2, longer');
    await storage.commitLocal(key);
    const buffer = Buffer.alloc(5);
    fs.readSync(reader, buffer, 0, 5, 0);
    fs.closeSync(reader);
    expect(buffer.toString()).toBe('run 1');
  });

  it('refuses keys that could leave the storage folder', () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a\\b', '']) {
      expect(() => assertSafeKey(key)).toThrow(/Invalid storage key/);
    }
    expect(() => assertSafeKey('jobs/j1/a.csv')).not.toThrow();
  });
});
