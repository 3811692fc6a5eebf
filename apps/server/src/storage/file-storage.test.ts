import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { assertSafeKey, createLocalFileStorage } from './file-storage.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-storage-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('LocalFileStorage', () => {
  const storage = createLocalFileStorage(dataDir);

  it('stores buffers and streams under DATA_DIR/files and reads them back', async () => {
    expect(storage.root).toBe(path.join(dataDir, 'files'));
    const stored = await storage.put('jobs/j1/uploads/a.csv', 'a,b\n1,2\n');
    expect(stored).toMatchObject({ key: 'jobs/j1/uploads/a.csv', size: 8 });
    await storage.put('jobs/j1/uploads/b.csv', Readable.from([Buffer.from('x'), Buffer.from('y')]));
    expect(await text(await storage.openRead('jobs/j1/uploads/b.csv'))).toBe('xy');
    const local = await storage.localPath('jobs/j1/uploads/a.csv');
    expect(fs.readFileSync(local.path, 'utf8')).toBe('a,b\n1,2\n');
    await local.release();
  });

  it('lets DuckDB write to a local path and commits it', async () => {
    const target = await storage.localWritePath('jobs/j1/parquet/rows.parquet');
    fs.writeFileSync(target, 'PAR1');
    expect(await storage.commitLocal('jobs/j1/parquet/rows.parquet')).toMatchObject({ size: 4 });
    await expect(storage.commitLocal('jobs/j1/parquet/missing.parquet')).rejects.toThrow(
      /Nothing was written/,
    );
  });

  it('replaces a stored file only on commit, so a reader never sees a half-written one', async () => {
    const key = 'jobs/j3/parquet/matches.parquet';
    fs.writeFileSync(await storage.localWritePath(key), 'run 1');
    await storage.commitLocal(key);
    const stored = (await storage.localPath(key)).path;
    const reader = fs.openSync(stored, 'r');

    const target = await storage.localWritePath(key);
    expect(target).not.toBe(stored);
    fs.writeFileSync(target, 'run 2, longer');
    // Until the commit the stored file is still the first run's, whole.
    expect(fs.readFileSync(stored, 'utf8')).toBe('run 1');
    await storage.commitLocal(key);
    expect(fs.readFileSync(stored, 'utf8')).toBe('run 2, longer');
    // A reader that opened the first run's file keeps reading it to the end.
    const buffer = Buffer.alloc(5);
    fs.readSync(reader, buffer, 0, 5, 0);
    fs.closeSync(reader);
    expect(buffer.toString()).toBe('run 1');
    // Writing and not producing anything is an error, not a silent keep of the old file.
    await storage.localWritePath(key);
    await expect(storage.commitLocal(key)).rejects.toThrow(/Nothing was written/);
    expect((await storage.list('jobs/j3/')).map((f) => f.key)).toEqual([key]);
  });

  it('lists by prefix, deletes, and reports missing files', async () => {
    await storage.put('jobs/j2/x.csv', 'x');
    expect((await storage.list('jobs/j1/')).map((f) => f.key)).toEqual([
      'jobs/j1/parquet/rows.parquet',
      'jobs/j1/uploads/a.csv',
      'jobs/j1/uploads/b.csv',
    ]);
    await storage.delete('jobs/j1/uploads/a.csv');
    expect(await storage.exists('jobs/j1/uploads/a.csv')).toBe(false);
    expect(await storage.stat('jobs/j9/none')).toBeUndefined();
    await expect(storage.openRead('jobs/j9/none')).rejects.toThrow();
    expect(await storage.list('nothing/here/')).toEqual([]);
  });

  it('refuses keys that could leave the storage folder', () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a\\b', '']) {
      expect(() => assertSafeKey(key)).toThrow(/Invalid storage key/);
    }
    expect(() => assertSafeKey('jobs/j1/a.csv')).not.toThrow();
  });
});
