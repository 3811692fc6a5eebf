import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEngineDb, type EngineDb } from './duckdb.js';

/** A scratch folder and an in-memory DuckDB for one engine test file; `dispose` removes both. */
export async function createEngineTestKit(): Promise<{
  dir: string;
  db: EngineDb;
  file: (name: string, content: string | Buffer) => string;
  dispose: () => void;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-engine-'));
  const db = await openEngineDb({
    threads: 1,
    memoryLimit: '512MB',
    tempDirectory: path.join(dir, 'tmp'),
  });
  return {
    dir,
    db,
    file: (name, content) => {
      const target = path.join(dir, name);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
      return target;
    },
    dispose: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
