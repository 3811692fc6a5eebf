import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import type { FileStorage } from '../src/storage/file-storage.js';

export async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** A stream that sends `bytes` bytes and then fails, as a client whose connection drops. */
export function failingStream(bytes: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('connection reset by the client'));
        return;
      }
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/**
 * What every file storage does, whatever keeps the bytes: each `it` works under its own key
 * prefix, so the behaviours are independent of each other and of their order.
 */
export function fileStorageBehaviours(storage: () => FileStorage): void {
  const fresh = () => `jobs/${randomUUID()}`;

  it('stores buffers, strings and streams and reads them back', async () => {
    const base = fresh();
    const stored = await storage().put(`${base}/uploads/a.csv`, 'a,b\n1,2\n');
    expect(stored).toMatchObject({ key: `${base}/uploads/a.csv`, size: 8 });
    await storage().put(
      `${base}/uploads/b.csv`,
      Readable.from([Buffer.from('x'), Buffer.from('y')]),
    );
    await storage().put(`${base}/uploads/c.bin`, Buffer.from([1, 2, 3]));
    expect(await text(await storage().openRead(`${base}/uploads/b.csv`))).toBe('xy');
    expect((await storage().stat(`${base}/uploads/c.bin`))?.size).toBe(3);
    const local = await storage().localPath(`${base}/uploads/a.csv`);
    expect(fs.readFileSync(local.path, 'utf8')).toBe('a,b\n1,2\n');
    await local.release();
    // Releasing the local copy leaves the stored file.
    expect(await text(await storage().openRead(`${base}/uploads/a.csv`))).toBe('a,b\n1,2\n');
  });

  it('reads a byte range of a stored file, both ends included', async () => {
    const key = `${fresh()}/videos/v.webm`;
    await storage().put(key, '0123456789');
    expect(await text(await storage().openRange(key, 2, 5))).toBe('2345');
    expect(await text(await storage().openRange(key, 9, 9))).toBe('9');
    expect(await text(await storage().openRange(key, 0, 9))).toBe('0123456789');
  });

  it('lets DuckDB write to a local path and commits it', async () => {
    const base = fresh();
    const target = await storage().localWritePath(`${base}/parquet/rows.parquet`);
    fs.writeFileSync(target, 'PAR1');
    expect(await storage().commitLocal(`${base}/parquet/rows.parquet`)).toMatchObject({ size: 4 });
    expect(await text(await storage().openRead(`${base}/parquet/rows.parquet`))).toBe('PAR1');
    await expect(storage().commitLocal(`${base}/parquet/missing.parquet`)).rejects.toThrow(
      /Nothing was written/,
    );
  });

  it('replaces a stored file only on commit, so a reader never sees a half-written one', async () => {
    const key = `${fresh()}/parquet/matches.parquet`;
    fs.writeFileSync(await storage().localWritePath(key), 'run 1');
    await storage().commitLocal(key);

    const target = await storage().localWritePath(key);
    fs.writeFileSync(target, 'run 2, longer');
    // Until the commit the stored file is still the first run's, whole.
    expect(await text(await storage().openRead(key))).toBe('run 1');
    const before = await storage().localPath(key);
    expect(fs.readFileSync(before.path, 'utf8')).toBe('run 1');
    await before.release();
    await storage().commitLocal(key);
    expect(await text(await storage().openRead(key))).toBe('run 2, longer');
    // Writing and not producing anything is an error, not a silent keep of the old file.
    await storage().localWritePath(key);
    await expect(storage().commitLocal(key)).rejects.toThrow(/Nothing was written/);
    expect(await text(await storage().openRead(key))).toBe('run 2, longer');
    expect((await storage().list(key.slice(0, key.indexOf('/parquet')))).map((f) => f.key)).toEqual(
      [key],
    );
  });

  it('lists by prefix, deletes, and reports missing files', async () => {
    const base = fresh();
    await storage().put(`${base}/parquet/rows.parquet`, 'r');
    await storage().put(`${base}/uploads/a.csv`, 'a');
    await storage().put(`${base}/uploads/b.csv`, 'b');
    await storage().put(`${base}x/other.csv`, 'x');
    expect((await storage().list(`${base}/`)).map((f) => f.key)).toEqual([
      `${base}/parquet/rows.parquet`,
      `${base}/uploads/a.csv`,
      `${base}/uploads/b.csv`,
    ]);
    expect((await storage().list(`${base}/uploads/a`)).map((f) => f.key)).toEqual([
      `${base}/uploads/a.csv`,
    ]);
    await storage().delete(`${base}/uploads/a.csv`);
    expect(await storage().exists(`${base}/uploads/a.csv`)).toBe(false);
    expect(await storage().exists(`${base}/uploads/b.csv`)).toBe(true);
    expect(await storage().stat(`${base}/none`)).toBeUndefined();
    await expect(storage().openRead(`${base}/none`)).rejects.toThrow();
    await expect(storage().localPath(`${base}/none`)).rejects.toThrow();
    expect(await storage().list(`${fresh()}/`)).toEqual([]);
  });

  it('refuses keys that could leave the storage root, in every call', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a\\b', '']) {
      await expect(storage().put(key, 'x')).rejects.toThrow(/Invalid storage key/);
      await expect(storage().openRead(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage().localWritePath(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage().delete(key)).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('stores nothing when the incoming stream fails midway, and keeps the file it was replacing', async () => {
    const base = fresh();
    await expect(storage().put(`${base}/uploads/new.csv`, failingStream(200_000))).rejects.toThrow(
      /connection reset/,
    );
    await storage().put(`${base}/uploads/old.csv`, 'the old file');
    // Past one 5 MB part, so an S3 store has begun a multipart upload it must abort.
    await expect(
      storage().put(`${base}/uploads/old.csv`, failingStream(6 * 1024 * 1024)),
    ).rejects.toThrow(/connection reset/);
    expect(await storage().exists(`${base}/uploads/new.csv`)).toBe(false);
    expect(await text(await storage().openRead(`${base}/uploads/old.csv`))).toBe('the old file');
    expect((await storage().list(`${base}/`)).map((f) => f.key)).toEqual([
      `${base}/uploads/old.csv`,
    ]);
  });

  it('answers the readiness check', async () => {
    await expect(storage().check()).resolves.toBeUndefined();
  });
}
