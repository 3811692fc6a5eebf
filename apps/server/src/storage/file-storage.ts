import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What storage knows about one stored file. */
export interface StoredFile {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** A local copy of a stored file for tools that need a path (DuckDB); release it when done. */
export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

/**
 * Where uploads, Parquet files and exports live. Keys are relative, slash-separated paths such as
 * `jobs/<jobId>/uploads/payments.csv`. The local implementation is a folder; an S3-compatible store
 * implements the same calls (`localPath` then downloads to a scratch folder and `commitLocal`
 * uploads what DuckDB wrote there).
 */
export interface FileStorage {
  put(key: string, body: Buffer | Uint8Array | string | NodeJS.ReadableStream): Promise<StoredFile>;
  openRead(key: string): Promise<NodeJS.ReadableStream>;
  /**
   * Bytes `start` to `end` (both included, as in HTTP Range) of a stored file: seeking in a
   * video streams only the part asked for. The caller keeps the range within the file's size.
   */
  openRange(key: string, start: number, end: number): Promise<NodeJS.ReadableStream>;
  /** A readable local path for the stored file. */
  localPath(key: string): Promise<LocalFile>;
  /**
   * A local path to write to for `key` (DuckDB's COPY target); `commitLocal` makes what was
   * written there the stored file.
   */
  localWritePath(key: string): Promise<string>;
  commitLocal(key: string): Promise<StoredFile>;
  stat(key: string): Promise<StoredFile | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix`. */
  list(prefix: string): Promise<StoredFile[]>;
  /** Throws unless the store answers (the readiness probe and the system audit). */
  check(): Promise<void>;
  /** Where files are kept, for people: a folder or `s3://bucket/prefix`. */
  readonly location: string;
  readonly kind: 'folder' | 's3';
}

/** Refuses keys that could leave the storage root. */
export function assertSafeKey(key: string): void {
  const parts = key.split('/');
  if (
    key.length === 0 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    parts.some((p) => p === '' || p === '.' || p === '..')
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Files in a folder, by default `DATA_DIR/files` (the caller passes the folder). */
export class LocalFileStorage implements FileStorage {
  /** Key → the file `localWritePath` handed out for it, renamed over the key on commit. */
  private readonly pending = new Map<string, string>();
  private partialCount = 0;
  readonly kind = 'folder';

  /** The folder is made by the first write (or check), so describing the storage never fails. */
  constructor(readonly root: string) {}

  get location(): string {
    return this.root;
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(
    key: string,
    body: Buffer | Uint8Array | string | NodeJS.ReadableStream,
  ): Promise<StoredFile> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename, so readers never see half a file.
    const partial = `${target}.partial-${process.pid}-${Date.now()}`;
    try {
      const source =
        typeof body === 'string' || body instanceof Uint8Array
          ? Readable.from([typeof body === 'string' ? Buffer.from(body) : body])
          : body;
      await pipeline(source, fs.createWriteStream(partial));
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    return (await this.stat(key))!;
  }

  async openRead(key: string): Promise<NodeJS.ReadableStream> {
    const file = this.pathOf(key);
    await fs.promises.access(file, fs.constants.R_OK);
    return fs.createReadStream(file);
  }

  async openRange(key: string, start: number, end: number): Promise<NodeJS.ReadableStream> {
    const file = this.pathOf(key);
    await fs.promises.access(file, fs.constants.R_OK);
    return fs.createReadStream(file, { start, end });
  }

  async localPath(key: string): Promise<LocalFile> {
    const file = this.pathOf(key);
    await fs.promises.access(file, fs.constants.R_OK);
    return { path: file, release: async () => undefined };
  }

  async localWritePath(key: string): Promise<string> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // A re-run rewrites a job's Parquet while the supplier screen may be reading it: DuckDB
    // writes beside the stored file, and `commitLocal` renames it over, so a reader keeps the
    // whole old file or opens the whole new one, never half of either.
    const partial = `${file}.partial-${process.pid}-${++this.partialCount}`;
    this.pending.set(key, partial);
    return partial;
  }

  async commitLocal(key: string): Promise<StoredFile> {
    const partial = this.pending.get(key);
    this.pending.delete(key);
    try {
      if (partial) await fs.promises.rename(partial, this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new Error(`Nothing was written for ${key}`);
      throw error;
    }
    const stored = await this.stat(key);
    if (!stored) throw new Error(`Nothing was written for ${key}`);
    return stored;
  }

  async stat(key: string): Promise<StoredFile | undefined> {
    try {
      const s = await fs.promises.stat(this.pathOf(key));
      return s.isFile() ? { key, size: s.size, modifiedAt: s.mtime } : undefined;
    } catch {
      return undefined;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<StoredFile[]> {
    const out: StoredFile[] = [];
    const walk = async (dir: string, keyPrefix: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
        else if (entry.isFile() && key.startsWith(prefix) && !entry.name.includes('.partial-')) {
          const s = await fs.promises.stat(path.join(dir, entry.name));
          out.push({ key, size: s.size, modifiedAt: s.mtime });
        }
      }
    };
    // Start from the deepest folder the prefix names, so listing one job does not walk all jobs.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (folder) assertSafeKey(folder);
    await walk(folder ? path.join(this.root, ...folder.split('/')) : this.root, folder);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }
}

/** The default storage: `<dataDir>/files`. */
export function createLocalFileStorage(dataDir: string): LocalFileStorage {
  return new LocalFileStorage(path.join(dataDir, 'files'));
}
