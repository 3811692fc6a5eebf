import { describe, expect, it } from 'vitest';
import { createRecentLogLines } from './recent-log-lines.js';

const line = (level: number, msg: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ level, time: Date.UTC(2026, 10, 28, 9), pid: 1, hostname: 'h', msg, ...extra })}\n`;

function write(lines: ReturnType<typeof createRecentLogLines>, text: string) {
  return new Promise<void>((resolve) => lines.stream.write(text, () => resolve()));
}

describe('recent log lines', () => {
  it('keeps the last lines up to its capacity, oldest first', async () => {
    const recent = createRecentLogLines(3);
    for (const n of [1, 2, 3, 4]) await write(recent, line(30, `m${n}`));
    expect(recent.read('trace', 10).map((l) => l.message)).toEqual(['m2', 'm3', 'm4']);
    expect(recent.read('trace', 2).map((l) => l.message)).toEqual(['m3', 'm4']);
  });

  it('filters by level and shows the other fields as context', async () => {
    const recent = createRecentLogLines();
    await write(recent, line(20, 'detail') + line(50, 'broken', { reqId: 'r1' }));
    expect(recent.read('warn', 10)).toEqual([
      {
        at: '2026-11-28T09:00:00.000Z',
        level: 'error',
        message: 'broken',
        context: '{"reqId":"r1"}',
      },
    ]);
    expect(recent.read('trace', 10)).toHaveLength(2);
  });

  it('skips what is not a pino line', async () => {
    const recent = createRecentLogLines();
    await write(recent, 'not json\n' + line(99, 'odd level') + line(30, 'kept'));
    expect(recent.read('trace', 10).map((l) => l.message)).toEqual(['kept']);
  });
});
