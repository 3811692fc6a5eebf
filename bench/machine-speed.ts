import { createHash } from 'node:crypto';

/**
 * How fast this machine runs a fixed piece of single-threaded work right now, printed by the
 * benchmarks beside their figures. The development machine's speed has varied about twofold
 * from one session to the next (the same code served the load mix at 1,549 and at 738 requests
 * a second, and matched 100,000 suppliers in 13 and in 20 s), so a figure compared with an
 * older one means little without it: compare figures whose machine speeds are alike. It also
 * varies within seconds (51–96 ms on an idle machine, 29 Nov 2026): a change is best judged by
 * runs of the old and the new code alternating, and by CPU time per unit of work.
 *
 * The work is what the product's own processes spend time on: JSON written and read, strings
 * hashed and searched with a regular expression. The best of five runs is kept (the least
 * disturbed by other processes); lower is faster.
 */
export function machineSpeedMs(): number {
  const rows = Array.from({ length: 2_000 }, (_, i) => ({
    id: `supplier-${i}`,
    name: `Northgate Bakery ${i % 97} Ltd`,
    spend: i * 17.25,
    scores: [i % 7, i % 11, i % 13],
  }));
  const pattern = /\b(ltd|limited|plc|llp)\b/gi;
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    let sink = 0;
    for (let round = 0; round < 10; round++) {
      const parsed = JSON.parse(JSON.stringify(rows)) as typeof rows;
      for (const row of parsed) {
        sink += createHash('sha256').update(row.name).digest()[0]!;
        sink += row.name.replace(pattern, '').length;
      }
    }
    best = Math.min(best, performance.now() - start);
    if (sink < 0) throw new Error('unreachable');
  }
  return best;
}

/** One line for a benchmark's header. */
export function machineSpeedLine(): string {
  return `machine speed: ${machineSpeedMs().toFixed(0)} ms for the fixed work of bench/machine-speed.ts (lower is faster)`;
}
