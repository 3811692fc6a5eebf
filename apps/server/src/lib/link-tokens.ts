import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens of links a person opens without an account (campaign response links, magic links),
 * made as sign-in links and sessions make theirs: 256 random bits, URL-safe; only the SHA-256
 * is stored, so a database leak yields no usable link.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
