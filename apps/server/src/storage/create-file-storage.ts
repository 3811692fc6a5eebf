import path from 'node:path';
import type { StorageConfig } from '../config.js';
import { type FileStorage, createLocalFileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

/**
 * The storage STORAGE_URL names: the DATA_DIR/files folder by default, or an S3-compatible
 * bucket, whose local copies for DuckDB go to DATA_DIR/tmp/storage.
 */
export function createFileStorage(storage: StorageConfig, dataDir: string): FileStorage {
  if (storage.kind === 'folder') return createLocalFileStorage(dataDir);
  const { kind: _kind, ...settings } = storage;
  return new S3FileStorage(settings, path.join(dataDir, 'tmp', 'storage'));
}
