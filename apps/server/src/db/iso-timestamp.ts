import { type AnyColumn, sql, type SQL } from 'drizzle-orm';

/** PostgreSQL's text of a timestamptz in a UTC session (DateStyle ISO): 2026-11-24 13:26:29.474413+00 */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * The ISO 8601 text `Date.toISOString()` writes (UTC, milliseconds), from PostgreSQL's text of
 * a timestamptz. A session in UTC is rewritten as text; any other (another time zone, a year
 * past 9999) goes through a Date as drizzle's own mapping does.
 */
export function isoFromTimestampText(text: string): string {
  const utc = UTC_TEXT.exec(text);
  if (!utc) return new Date(text).toISOString();
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/**
 * A timestamptz column read as ISO 8601 text, for lists that only pass it on: reading it as a
 * Date and writing that as text again was a twentieth of a user list page's CPU time.
 */
export function isoTimestamp<C extends AnyColumn>(
  column: C,
): SQL<C['_']['notNull'] extends true ? string : string | null> {
  return sql`${column}`.mapWith(isoFromTimestampText);
}
