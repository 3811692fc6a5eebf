/** Percentile of a list of durations in milliseconds (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(label: string, durations: number[]): string {
  const fmt = (n: number) => n.toFixed(2).padStart(8);
  return `${label.padEnd(36)} n=${String(durations.length).padStart(6)}  p50=${fmt(percentile(durations, 50))} ms  p95=${fmt(percentile(durations, 95))} ms  p99=${fmt(percentile(durations, 99))} ms`;
}
