import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyedDigest } from './keyed-digest.js';

describe('createKeyedDigest', () => {
  it('is SHA-256 of the hashed key, a zero and the text, for texts of every length', () => {
    const key = Buffer.from('ключ of some length', 'utf8');
    const digest = createKeyedDigest(key);
    const prefix = createHash('sha256').update(key).digest('hex');
    for (let length = 0; length < 300; length += 7) {
      const text = `Müller & Söhne ${'ab€'.repeat(length)}`.slice(0, length);
      const want = createHash('sha256').update(`${prefix}\u0000${text}`).digest('hex');
      expect(digest(text).toString('hex'), `text ${length}`).toBe(want);
    }
  });

  it('gives the same text other digests under other keys, and one digest per text', () => {
    const a = createKeyedDigest(Buffer.from('key a'));
    const b = createKeyedDigest(Buffer.from('key b'));
    expect(a('Acme Ltd').equals(a('Acme Ltd'))).toBe(true);
    expect(a('Acme Ltd').equals(b('Acme Ltd'))).toBe(false);
    expect(a('Acme Ltd').equals(a('Acme Ltd.'))).toBe(false);
  });
});
