import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage.js';

/**
 * Folders that tools read on a local disk (a reference data version: Parquet files and their
 * match index, opened by DuckDB) kept in the file storage under `<prefix>/<name>/`, so that
 * every node has them (DESIGN §1: several API and worker processes share one store). The node
 * that makes a folder publishes it; the others pull it into `localRoot` when they need it. A
 * folder counts once its `marker` file is stored, and the marker is published last.
 *
 * With the folder storage, `localRoot` is the stored folder itself (`DATA_DIR/files/<prefix>`):
 * every file is found stored already and every marker local, so both calls copy nothing.
 */
export function createStoredFolders(
  storage: () => FileStorage,
  options: { prefix: string; localRoot: string; marker: string },
) {
  const { prefix, localRoot, marker } = options;
  let lastPull = 0;

  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  }

  /** Stores the file unless the store holds it already, as large and as new. */
  async function publishFile(name: string, relative: string) {
    const file = path.join(localRoot, name, ...relative.split('/'));
    const key = `${prefix}/${name}/${relative}`;
    const [local, stored] = await Promise.all([fs.promises.stat(file), storage().stat(key)]);
    // S3 keeps whole seconds: an object stored in the second the file was written is as new.
    const written = Math.floor(local.mtimeMs / 1000) * 1000;
    if (stored && stored.size === local.size && stored.modifiedAt.getTime() >= written) return;
    await storage().put(key, fs.createReadStream(file));
  }

  async function pullFolder(name: string, keys: string[]) {
    const scratch = path.join(localRoot, `.pull-${randomUUID()}`);
    try {
      for (const key of keys) {
        const target = path.join(scratch, ...key.slice(`${prefix}/${name}/`.length).split('/'));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await pipeline(await storage().openRead(key), fs.createWriteStream(target));
      }
      // Whole or not at all: a reader lists only folders whose marker is there.
      await fs.promises.rename(scratch, path.join(localRoot, name));
    } catch (error) {
      // Another process on this DATA_DIR pulled it first: theirs is as good.
      if (!fs.existsSync(path.join(localRoot, name, marker))) throw error;
    } finally {
      await fs.promises.rm(scratch, { recursive: true, force: true });
    }
  }

  const folders = {
    localRoot,

    /** Stores the folder `name` made under `localRoot`: its files first, its marker last. */
    async publish(name: string): Promise<void> {
      const files = await filesUnder(path.join(localRoot, name));
      for (const relative of files.filter((f) => f !== marker)) await publishFile(name, relative);
      await publishFile(name, marker);
    },

    /**
     * Brings every stored folder this node lacks into `localRoot`; with `maxAgeMs`, not again
     * within that time of the last pull (for calls on every request).
     */
    async pull(options: { maxAgeMs?: number } = {}): Promise<void> {
      if (options.maxAgeMs && Date.now() - lastPull < options.maxAgeMs) return;
      lastPull = Date.now();
      const byFolder = new Map<string, string[]>();
      for (const { key } of await storage().list(`${prefix}/`)) {
        const name = key.slice(prefix.length + 1).split('/')[0]!;
        if (name.startsWith('.')) continue;
        byFolder.set(name, [...(byFolder.get(name) ?? []), key]);
      }
      await fs.promises.mkdir(localRoot, { recursive: true });
      for (const [name, keys] of byFolder) {
        if (!keys.includes(`${prefix}/${name}/${marker}`)) continue;
        if (fs.existsSync(path.join(localRoot, name, marker))) continue;
        await pullFolder(name, keys);
      }
    },

    /** Makes sure the folder `name` is here, pulling if it is not; false when nobody stored it. */
    async ensure(name: string): Promise<boolean> {
      if (fs.existsSync(path.join(localRoot, name, marker))) return true;
      await folders.pull();
      return fs.existsSync(path.join(localRoot, name, marker));
    },
  };
  return folders;
}
export type StoredFolders = ReturnType<typeof createStoredFolders>;
