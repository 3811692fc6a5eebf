import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts secrets stored in the database (SFTP passwords and private keys) with AES-256-GCM
 * under a key derived from the configured secret, so a database dump alone reveals none of them.
 * A stored value is `v1.<iv>.<tag>.<ciphertext>` in base64url; the tag makes tampering or a wrong
 * key fail instead of decrypting to garbage.
 */
export function createSecretBox(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'b2b-analytics', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined)
        throw new Error('Stored secret is not in a known form');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
