import { describe, expect, it } from 'vitest';
import { MAX_NOTIFICATION_TEXT_LENGTH, truncateText } from './truncate-text';

describe('truncateText', () => {
  it('keeps texts of up to 1000 characters as they are', () => {
    expect(MAX_NOTIFICATION_TEXT_LENGTH).toBe(1000);
    expect(truncateText('Saved.')).toBe('Saved.');
    const exactly = 'x'.repeat(1000);
    expect(truncateText(exactly)).toBe(exactly);
  });

  it('cuts a longer text to 1000 characters ending in an ellipsis', () => {
    const truncated = truncateText('y'.repeat(1001));
    expect(truncated).toHaveLength(1000);
    expect(truncated.endsWith('y…')).toBe(true);
  });

  it('takes another limit', () => {
    expect(truncateText('abcdef', 4)).toBe('abc…');
  });

  it('never splits a character made of two code units', () => {
    const text = `${'a'.repeat(998)}😀tail`;
    const truncated = truncateText(text);
    expect(truncated).toBe(`${'a'.repeat(998)}…`);
    expect(truncated.length).toBeLessThanOrEqual(1000);
  });
});
