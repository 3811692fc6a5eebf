import { describe, expect, it } from 'vitest';
import { belowUsageProblem, createRequestCounter, engineMemoryMb } from './resource-limits.js';

describe('resource limit rules', () => {
  it('reads DuckDB memory settings as DuckDB megabytes', () => {
    expect(engineMemoryMb('1200MB')).toBe(1200);
    expect(engineMemoryMb('2GB')).toBe(2000);
    expect(engineMemoryMb('512MiB')).toBe(537);
    expect(() => engineMemoryMb('lots')).toThrow('Not a DuckDB memory setting: lots');
  });

  it('refuses a limit below the current usage only for limits that have usage', () => {
    const usage = { value: 3 * 1024 ** 2, of: 'PayTech Bank' };
    expect(belowUsageProblem('storageBytesPerIssuer', 1024 ** 2, usage)).toBe(
      'Storage per issuer cannot be 1 MiB: current usage is 3 MiB (PayTech Bank).',
    );
    expect(belowUsageProblem('storageBytesPerIssuer', 3 * 1024 ** 2, usage)).toBeNull();
    expect(belowUsageProblem('storageBytesPerIssuer', null, usage)).toBeNull();
    expect(belowUsageProblem('uploadMaxBytes', 1024, usage)).toBeNull();
    expect(belowUsageProblem('queuedJobsPerUser', 1, null)).toBeNull();
  });

  it('counts requests per user in a one-minute window and says when it ends', () => {
    let now = 60_000 * 1000 + 15_000;
    const counter = createRequestCounter(() => now);
    expect(counter.hit('a', 2)).toBeNull();
    expect(counter.hit('a', 2)).toBeNull();
    expect(counter.hit('b', 2)).toBeNull();
    expect(counter.hit('a', 2)).toBe(45);
    now += 45_000;
    expect(counter.hit('a', 2)).toBeNull();
  });
});
