import fs from 'node:fs';

/**
 * `npm run bench -- outputs [--part=downloads|reports|calculator]`: the figures of what a banker
 * takes to the client (data downloads, the Insights Report PDF and PPTX, the business case
 * calculator in the browser). Each part lives in bench/outputs/<part>.ts, exports `run()` and
 * prints its own figures; without --part every part runs in turn.
 */
const PARTS = ['downloads', 'reports', 'calculator'] as const;
const chosen = process.argv.find((a) => a.startsWith('--part='))?.slice('--part='.length);
if (chosen && !PARTS.includes(chosen as (typeof PARTS)[number])) {
  console.log(`Unknown part "${chosen}". Parts: ${PARTS.join(', ')}`);
  process.exit(1);
}

for (const part of PARTS) {
  if (chosen && part !== chosen) continue;
  const file = new URL(`./outputs/${part}.ts`, import.meta.url);
  if (!fs.existsSync(file)) {
    console.log(`outputs/${part}: not built yet`);
    continue;
  }
  console.log(`\n== outputs: ${part} ==`);
  const { run } = (await import(file.href)) as { run: () => Promise<void> };
  await run();
}
process.exit(0);
