import { Writable } from 'node:stream';
import { LOG_LEVELS, type LogLevel, type RecentLogLine } from '@b2b/contract';

/** pino's numeric levels (10 trace … 60 fatal). */
const LEVEL_OF_NUMBER: Record<number, LogLevel> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const CONTEXT_MAX_CHARS = 2000;
/** pino's own fields, shown as the line's time, level and message rather than its context. */
const OWN_FIELDS = new Set(['time', 'level', 'msg', 'pid', 'hostname']);

/**
 * The last lines this process logged, kept in memory for the Developer area's debug logging
 * screen (SPEC §2 Dev, /dev/exercise/debug-logging). pino writes each line here after redaction,
 * so a cookie or an authorization header never reaches it. A fixed number of lines: constant
 * memory whatever the level.
 */
export function createRecentLogLines(capacity = 500) {
  // A ring: writing a line is on the path of every log call, so it must not move the others.
  const lines: string[] = new Array<string>(capacity);
  let written = 0;
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (line.length === 0) continue;
        lines[written % capacity] = line;
        written++;
      }
      done();
    },
  });

  return {
    /** Give this to pino (as one of its streams). */
    stream,
    /** The last `limit` lines at `minLevel` or louder, oldest first. */
    read(minLevel: LogLevel, limit: number): RecentLogLine[] {
      const floor = LOG_LEVELS.indexOf(minLevel);
      const picked: RecentLogLine[] = [];
      const oldest = Math.max(0, written - capacity);
      for (let i = written - 1; i >= oldest && picked.length < limit; i--) {
        const line = parsed(lines[i % capacity]!);
        if (line && LOG_LEVELS.indexOf(line.level) >= floor) picked.push(line);
      }
      return picked.reverse();
    },
  };
}
export type RecentLogLines = ReturnType<typeof createRecentLogLines>;

function parsed(text: string): RecentLogLine | undefined {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const level = LEVEL_OF_NUMBER[Number(record.level)];
  if (!level) return undefined;
  const context = Object.fromEntries(Object.entries(record).filter(([k]) => !OWN_FIELDS.has(k)));
  const time = typeof record.time === 'number' ? record.time : Date.now();
  return {
    at: new Date(time).toISOString(),
    level,
    message: typeof record.msg === 'string' ? record.msg : '',
    context: Object.keys(context).length ? JSON.stringify(context).slice(0, CONTEXT_MAX_CHARS) : '',
  };
}
