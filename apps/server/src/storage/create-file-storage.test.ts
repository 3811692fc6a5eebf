import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createFileStorage } from './create-file-storage.js';

const S3 = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('the file storage STORAGE_URL chooses', () => {
  it('is the DATA_DIR/files folder by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/b2b' });
    expect(config.storage).toEqual({ kind: 'folder' });
    const storage = createFileStorage(config.storage, config.dataDir);
    expect(storage).toMatchObject({ kind: 'folder', location: path.join('/srv/b2b', 'files') });
  });

  it('is an S3 bucket under a prefix for s3://bucket/prefix, with the S3_* settings', () => {
    const config = loadConfig({ STORAGE_URL: 's3://b2b-files/prod/eu/', ...S3 });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'b2b-files',
      prefix: 'prod/eu',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    const storage = createFileStorage(config.storage, config.dataDir);
    expect(storage).toMatchObject({
      kind: 's3',
      location: 's3://b2b-files/prod/eu at http://127.0.0.1:9000',
    });
    expect(loadConfig({ STORAGE_URL: 's3://b2b-files' }).storage).toMatchObject({
      bucket: 'b2b-files',
      prefix: '',
      credentials: undefined,
    });
  });

  it('stops the start with a line naming a wrong value', () => {
    for (const url of [
      '/srv/files',
      'file:///srv/files',
      's3://',
      's3://Upper_Case',
      's3://b2b/a/../b',
      's3://b2b//a',
    ]) {
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(
        /^Invalid configuration: STORAGE_URL: expected s3:\/\/bucket or s3:\/\/bucket\/prefix/,
      );
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://b2b-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/,
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://b2b-files', S3_ENDPOINT: 'not a url' })).toThrow(
      /^Invalid configuration: S3_ENDPOINT/,
    );
  });
});
