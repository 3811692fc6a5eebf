import { describe, expect, it } from 'vitest';
import { isoFromTimestampText } from './iso-timestamp.js';

describe('isoFromTimestampText', () => {
  it('writes what Date.toISOString() writes, for every fraction PostgreSQL prints', () => {
    const texts = [
      '2026-11-24 13:26:29+00',
      '2026-11-24 13:26:29.4+00',
      '2026-11-24 13:26:29.47+00',
      '2026-11-24 13:26:29.474+00',
      '2026-11-24 13:26:29.4744+00',
      '2026-11-24 13:26:29.47441+00',
      '2026-11-24 13:26:29.474999+00',
      '1970-01-01 00:00:00+00',
      '2000-02-29 23:59:59.999999+00',
    ];
    for (const text of texts) expect(isoFromTimestampText(text)).toBe(new Date(text).toISOString());
  });

  it('converts a session in another time zone through a Date', () => {
    expect(isoFromTimestampText('2026-11-24 14:26:29.474413+01')).toBe('2026-11-24T13:26:29.474Z');
    expect(isoFromTimestampText('2026-11-24 08:56:29.5-04:30')).toBe('2026-11-24T13:26:29.500Z');
  });
});
