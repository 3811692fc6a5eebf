import { DuckDBInstance } from '@duckdb/node-api';
const db = await (await DuckDBInstance.create(':memory:')).connect();
const sqls = process.argv.slice(2);
for (const s of sqls.slice(0, -1)) await db.run(s);
const r = await db.runAndReadAll(sqls.at(-1)!);
for (const row of r.getRowObjectsJson()) console.log(Object.values(row).map((v) => String(v)).join(' ¦ '));
