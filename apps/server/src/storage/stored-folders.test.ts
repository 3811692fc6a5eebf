import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestS3Server, startS3Server } from '../../test/s3-server.js';
import { createLocalFileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';
import { createStoredFolders } from './stored-folders.js';

let server: TestS3Server;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-stored-folders-'));
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A version folder as the engine writes it: data files and a sub-folder, the marker last. */
function writeVersion(root: string, name: string, withMarker = true) {
  fs.mkdirSync(path.join(root, name, 'index'), { recursive: true });
  fs.writeFileSync(path.join(root, name, 'merchants.parquet'), `merchants of ${name}`);
  fs.writeFileSync(path.join(root, name, 'index', 'pairs.parquet'), `pairs of ${name}`);
  if (withMarker) fs.writeFileSync(path.join(root, name, 'manifest.json'), `{"v":"${name}"}`);
}

describe('stored folders', () => {
  it('on S3: what one node publishes, another pulls whole into its own folder', async () => {
    const storage = new S3FileStorage(server.settings('nodes'), path.join(scratch, 'cache'));
    const options = { prefix: 'reference', marker: 'manifest.json' };
    const nodeA = createStoredFolders(() => storage, {
      ...options,
      localRoot: path.join(scratch, 'a'),
    });
    const nodeB = createStoredFolders(() => storage, {
      ...options,
      localRoot: path.join(scratch, 'b'),
    });
    writeVersion(nodeA.localRoot, 'v1');
    await nodeA.publish('v1');
    expect((await storage.list('reference/')).map((f) => f.key)).toEqual([
      'reference/v1/index/pairs.parquet',
      'reference/v1/manifest.json',
      'reference/v1/merchants.parquet',
    ]);
    // Publishing again sends nothing new.
    const before = await storage.stat('reference/v1/merchants.parquet');
    await nodeA.publish('v1');
    expect(await storage.stat('reference/v1/merchants.parquet')).toEqual(before);

    // A folder whose marker is not stored (a publish cut short) is not pulled.
    await storage.put('reference/v2/merchants.parquet', 'half a version');
    expect(await nodeB.ensure('v1')).toBe(true);
    expect(
      fs.readFileSync(path.join(nodeB.localRoot, 'v1', 'index', 'pairs.parquet'), 'utf8'),
    ).toBe('pairs of v1');
    expect(fs.readdirSync(nodeB.localRoot).sort()).toEqual(['v1']);
    expect(await nodeB.ensure('v2')).toBe(false);
  });

  it('on the local folder: the stored folder is the local one, so nothing is copied', async () => {
    const dataDir = path.join(scratch, 'local');
    const storage = createLocalFileStorage(dataDir);
    const folders = createStoredFolders(() => storage, {
      prefix: 'reference',
      localRoot: path.join(dataDir, 'files', 'reference'),
      marker: 'manifest.json',
    });
    writeVersion(folders.localRoot, 'v1');
    const file = path.join(folders.localRoot, 'v1', 'merchants.parquet');
    const inode = fs.statSync(file).ino;
    await folders.publish('v1');
    await folders.pull();
    expect(fs.statSync(file).ino).toBe(inode);
    expect(fs.readdirSync(folders.localRoot)).toEqual(['v1']);
    expect(await folders.ensure('v1')).toBe(true);
  });
});
