import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStorageBehaviours } from '../../test/file-storage-behaviours.js';
import { type TestS3Server, startS3Server } from '../../test/s3-server.js';
import { S3FileStorage } from './s3-file-storage.js';

/*
 * The S3 storage over the wire: a real S3-protocol server (s3rver) on loopback, started here.
 */
let server: TestS3Server;
let storage: S3FileStorage;
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-s3-cache-'));

beforeAll(async () => {
  server = await startS3Server();
  storage = new S3FileStorage(server.settings('tenant/files'), cacheDir);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('S3FileStorage', () => {
  fileStorageBehaviours(() => storage);

  it('keeps objects under the prefix of STORAGE_URL and local copies only until released', async () => {
    await storage.put('jobs/prefixed/a.csv', 'a');
    const listed = fs.readdirSync(path.join(server.directory, server.bucket), { recursive: true });
    expect(listed.some((p) => String(p).startsWith(path.join('tenant', 'files', 'jobs')))).toBe(
      true,
    );
    const local = await storage.localPath('jobs/prefixed/a.csv');
    expect(local.path.startsWith(cacheDir)).toBe(true);
    expect(path.basename(local.path)).toBe('a.csv');
    await local.release();
    expect(fs.existsSync(local.path)).toBe(false);
    // A written file is uploaded by the commit and its scratch copy removed.
    const target = await storage.localWritePath('jobs/prefixed/b.parquet');
    fs.writeFileSync(target, 'PAR1');
    await storage.commitLocal('jobs/prefixed/b.parquet');
    expect(fs.existsSync(target)).toBe(false);
  });

  it('fails its readiness check when the bucket does not exist', async () => {
    const missing = new S3FileStorage({ ...server.settings(), bucket: 'no-such-bucket' }, cacheDir);
    await expect(missing.check()).rejects.toThrow();
  });
});
