import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its SHA-256, so a database leak yields no usable sessions. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
