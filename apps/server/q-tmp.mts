import { DuckDBInstance } from '@duckdb/node-api';
const db = await (await DuckDBInstance.create(':memory:')).connect();
for (const s of process.argv.slice(2)) { const t = performance.now(); const r = await db.runAndReadAll(s); console.log(JSON.stringify(r.getRowObjectsJson()).slice(0, 1500), (performance.now() - t).toFixed(0), 'ms'); }
