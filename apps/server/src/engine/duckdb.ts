import fs from 'node:fs';
import {
  DuckDBInstance,
  JsonDuckDBValueConverter,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';

/** Settings for one embedded DuckDB instance; a worker opens one per job step. */
export interface EngineDbOptions {
  /** Database file; in memory by default (the engine reads and writes Parquet files). */
  path?: string;
  /** Worker threads DuckDB may use; defaults to the machine's cores. */
  threads?: number;
  /** DuckDB's own memory ceiling, e.g. '1GB'; above it operators spill to `tempDirectory`. */
  memoryLimit?: string;
  /** Folder for spill files; created when missing. */
  tempDirectory?: string;
}

export type SqlParams = DuckDBValue[] | Record<string, DuckDBValue>;
/** A row as JSON: BIGINT and DECIMAL come back as strings, so cast in SQL when a number is wanted. */
export type JsonRow = Record<string, unknown>;

/** A DuckDB connection with the few helpers the engine needs. Close it when the step is done. */
export interface EngineDb {
  readonly connection: DuckDBConnection;
  /** Runs one or more statements and discards the result. */
  run(sql: string, params?: SqlParams): Promise<void>;
  /** Runs a query and returns every row as JSON-safe values. */
  all<T extends object = JsonRow>(sql: string, params?: SqlParams): Promise<T[]>;
  /** The first row of a query, or undefined. */
  one<T extends object = JsonRow>(sql: string, params?: SqlParams): Promise<T | undefined>;
  /** Runs `fn` once per batch of rows, without holding the whole result in memory. */
  forEachBatch<T extends object = JsonRow>(
    sql: string,
    batchSize: number,
    fn: (rows: T[]) => Promise<void> | void,
  ): Promise<number>;
  /** Remembers which engine macros were created on this connection. */
  readonly installed: Set<string>;
  close(): void;
}

/**
 * Opens an in-process DuckDB with extension auto-install and auto-load switched off (this machine
 * has no way to download them; parquet, json, icu are built in).
 */
export async function openEngineDb(options: EngineDbOptions = {}): Promise<EngineDb> {
  const config: Record<string, string> = {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  };
  if (options.threads) config.threads = String(options.threads);
  if (options.memoryLimit) config.memory_limit = options.memoryLimit;
  if (options.tempDirectory) {
    fs.mkdirSync(options.tempDirectory, { recursive: true });
    config.temp_directory = options.tempDirectory;
  }
  const instance = await DuckDBInstance.create(options.path ?? ':memory:', config);
  const connection = await instance.connect();
  const all = async <T extends object>(sql: string, params?: SqlParams) => {
    const reader = await connection.runAndReadAll(sql, params);
    return reader.getRowObjectsJson() as T[];
  };
  return {
    connection,
    installed: new Set(),
    async run(sql, params) {
      await connection.run(sql, params);
    },
    all,
    async one<T extends object>(sql: string, params?: SqlParams): Promise<T | undefined> {
      const rows = await all<T>(sql, params);
      return rows[0];
    },
    async forEachBatch<T extends object>(
      sql: string,
      batchSize: number,
      fn: (rows: T[]) => Promise<void> | void,
    ) {
      const result = await connection.stream(sql);
      let pending: T[] = [];
      let total = 0;
      for await (const rows of result.yieldConvertedRowObjects(JsonDuckDBValueConverter)) {
        pending.push(...(rows as T[]));
        if (pending.length >= batchSize) {
          total += pending.length;
          await fn(pending);
          pending = [];
        }
      }
      if (pending.length > 0) {
        total += pending.length;
        await fn(pending);
      }
      return total;
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** Runs `fn` with a fresh engine database and always closes it. */
export async function withEngineDb<T>(
  options: EngineDbOptions,
  fn: (db: EngineDb) => Promise<T>,
): Promise<T> {
  const db = await openEngineDb(options);
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/** A SQL string literal. Table functions and COPY take file names only as literals. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A quoted SQL identifier. */
export function sqlIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Rows per row group of a job's files of one row per supplier (the supplier list, its matches and
 * scores). DuckDB reads a file in parallel one row group per thread, and its default (122,880
 * rows) leaves a 100,000-supplier file one group: every step that starts from it (normalising
 * the suppliers, the Match step's output, a dry-run's comparison) ran on one core.
 * Files of millions of rows keep the default: smaller groups there raised the reference
 * import's peak memory by 150–300 MiB.
 */
export const SUPPLIER_FILE_ROW_GROUP_SIZE = 20_480;

/**
 * Writes a query's result to a Parquet file (zstd) and returns its row count; `rowGroupSize`
 * when a small file should still be read on every core.
 */
export async function copyToParquet(
  db: EngineDb,
  query: string,
  outPath: string,
  options: { rowGroupSize?: number } = {},
): Promise<number> {
  const rowGroups = options.rowGroupSize ? `, ROW_GROUP_SIZE ${options.rowGroupSize}` : '';
  const rows = await db.all<{ Count: string }>(
    `COPY (${query}) TO ${sqlString(outPath)} (FORMAT parquet, COMPRESSION zstd${rowGroups})`,
  );
  return Number(rows[0]?.Count ?? 0);
}

/** Creates engine macros once per connection. */
export async function ensureInstalled(db: EngineDb, key: string, sql: string): Promise<void> {
  if (db.installed.has(key)) return;
  await db.run(sql);
  db.installed.add(key);
}
