import fs from 'node:fs';

/**
 * `npm run bench -- <name>` runs bench/<name>.bench.ts, which prints its own figures.
 * Without a name it lists the benchmarks.
 */
const name = process.argv[2];
const available = fs
  .readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));

if (!name || !available.includes(name)) {
  console.log(`Usage: npm run bench -- <name>\nBenchmarks: ${available.join(', ')}`);
  process.exit(name ? 1 : 0);
}
await import(`./${name}.bench.ts`);
