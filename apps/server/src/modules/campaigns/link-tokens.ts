import { createHash, randomBytes } from 'node:crypto';

/**
 * Response-link tokens, made as the product's magic links and sessions make theirs: 256 random
 * bits, URL-safe; only the SHA-256 is stored, so a database leak yields no usable link.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
