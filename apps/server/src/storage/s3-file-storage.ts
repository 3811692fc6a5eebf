import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  type FileStorage,
  type LocalFile,
  type StoredFile,
  assertSafeKey,
} from './file-storage.js';

/** Where the S3-compatible store is and how to sign in to it (STORAGE_URL and S3_*). */
export type S3StorageSettings = {
  bucket: string;
  /** Keys are stored under `<prefix>/`; empty for the bucket's root. */
  prefix: string;
  /** An S3-compatible endpoint (MinIO, Ceph, …); unset for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

/** A part of a multipart upload: S3's minimum, so a stream is held in memory 5 MB at a time. */
const PART_BYTES = 5 * 1024 * 1024;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket, for several nodes sharing one store (DESIGN §1). An object
 * appears only once its upload completes (S3 has no partial objects; a failed multipart upload
 * is aborted), so readers see a whole file or none. DuckDB needs paths: `localPath` downloads a
 * copy into `cacheDir` and `release` removes it; `localWritePath` hands out a scratch file that
 * `commitLocal` uploads.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  /** Key → the scratch folder `localWritePath` handed out for it, uploaded on commit. */
  private readonly pending = new Map<string, string>();
  readonly kind = 's3';

  constructor(
    private readonly settings: S3StorageSettings,
    private readonly cacheDir: string,
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: S3-compatible stores often reject the SDK's
      // default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** `s3://bucket/prefix`, for the system audit screen. */
  get location(): string {
    const { bucket, prefix, endpoint } = this.settings;
    return `s3://${bucket}/${prefix}${endpoint ? ` at ${endpoint}` : ''}`;
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  private async scratch(key: string): Promise<string> {
    const dir = path.join(this.cacheDir, randomUUID());
    await fs.promises.mkdir(dir, { recursive: true });
    // The key's file name is kept: DuckDB and the sniffer look at extensions.
    return path.join(dir, key.slice(key.lastIndexOf('/') + 1));
  }

  async put(
    key: string,
    body: Buffer | Uint8Array | string | NodeJS.ReadableStream,
  ): Promise<StoredFile> {
    const objectKey = this.objectKey(key);
    const Body =
      typeof body === 'string'
        ? Buffer.from(body)
        : body instanceof Uint8Array
          ? body
          : body instanceof Readable
            ? body
            : Readable.from(body as AsyncIterable<Buffer>);
    // The source's own failure is the one to report (a client that went away), not what the
    // upload's clean-up then met.
    let sourceError: unknown;
    if (Body instanceof Readable) Body.once('error', (error) => (sourceError ??= error));
    // Multipart for large streams; on any error (the source stream's too) the upload is
    // aborted, so nothing is stored and an older object under the key stays as it was.
    try {
      await new Upload({
        client: this.client,
        params: { Bucket: this.settings.bucket, Key: objectKey, Body },
        partSize: PART_BYTES,
        queueSize: 2,
      }).done();
    } catch (error) {
      throw sourceError ?? error;
    }
    const stored = await this.stat(key);
    if (!stored) throw new Error(`Uploaded ${key} but the store does not list it`);
    return stored;
  }

  async openRead(key: string): Promise<NodeJS.ReadableStream> {
    const out = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
    if (!(out.Body instanceof Readable)) throw new Error(`No body for ${key}`);
    return out.Body;
  }

  async openRange(key: string, start: number, end: number): Promise<NodeJS.ReadableStream> {
    const out = await this.client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Range: `bytes=${start}-${end}`,
      }),
    );
    if (!(out.Body instanceof Readable)) throw new Error(`No body for ${key}`);
    return out.Body;
  }

  async localPath(key: string): Promise<LocalFile> {
    const file = await this.scratch(key);
    const remove = () => fs.promises.rm(path.dirname(file), { recursive: true, force: true });
    try {
      await pipeline(await this.openRead(key), fs.createWriteStream(file));
    } catch (error) {
      await remove();
      throw error;
    }
    return { path: file, release: remove };
  }

  async localWritePath(key: string): Promise<string> {
    this.objectKey(key);
    const file = await this.scratch(key);
    const previous = this.pending.get(key);
    if (previous) await fs.promises.rm(path.dirname(previous), { recursive: true, force: true });
    this.pending.set(key, file);
    return file;
  }

  async commitLocal(key: string): Promise<StoredFile> {
    const file = this.pending.get(key);
    this.pending.delete(key);
    if (!file) throw new Error(`Nothing was written for ${key}`);
    try {
      let source: fs.ReadStream;
      try {
        await fs.promises.access(file, fs.constants.R_OK);
        source = fs.createReadStream(file);
      } catch {
        throw new Error(`Nothing was written for ${key}`);
      }
      return await this.put(key, source);
    } finally {
      await fs.promises.rm(path.dirname(file), { recursive: true, force: true });
    }
  }

  async stat(key: string): Promise<StoredFile | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }

  async list(prefix: string): Promise<StoredFile[]> {
    const root = this.settings.prefix ? `${this.settings.prefix}/` : '';
    const out: StoredFile[] = [];
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.settings.bucket, Prefix: `${root}${prefix}` },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        out.push({
          key: object.Key.slice(root.length),
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        });
      }
    }
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }
}
