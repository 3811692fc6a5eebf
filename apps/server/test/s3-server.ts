import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageSettings } from '../src/storage/s3-file-storage.js';

export type TestS3Server = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps its objects in. */
  directory: string;
  /** Settings of an S3 storage on this server, under `prefix`. */
  settings: (prefix?: string) => S3StorageSettings;
  /** The environment that points a server or worker process at this store. */
  env: (prefix?: string) => Record<string, string>;
  close: () => Promise<void>;
};

const ACCESS_KEY = 'S3RVER';

/** A real S3-protocol server on loopback (s3rver), a fresh folder and one empty bucket. */
export async function startS3Server(bucket = 'b2b-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    settings: (prefix = '') => ({
      bucket,
      prefix,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
    }),
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
