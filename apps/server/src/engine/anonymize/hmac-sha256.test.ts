import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHmacSha256 } from './hmac-sha256.js';

describe('createHmacSha256', () => {
  it('answers what crypto.createHmac answers, for keys and texts of every length', () => {
    const keys = ['k', 'a key of some length', 'x'.repeat(64), 'long key '.repeat(20), 'ключ'];
    for (const key of keys) {
      const hmac = createHmacSha256(Buffer.from(key, 'utf8'));
      for (let length = 0; length < 300; length += 1) {
        const text = `Müller & Söhne ${'ab€'.repeat(length)}`.slice(0, length);
        const want = createHmac('sha256', key).update(text).digest('hex');
        expect(hmac(text).toString('hex'), `key ${key.length}, text ${length}`).toBe(want);
      }
    }
  });

  it('answers the RFC 4231 test case 2', () => {
    const hmac = createHmacSha256(Buffer.from('Jefe'));
    expect(hmac('what do ya want for nothing?').toString('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});
