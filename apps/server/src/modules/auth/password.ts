import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum the compiler cannot inline across packages). */
const ARGON2ID = 2;

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throw-away password, checked when the username is unknown so that the
 * answer takes as long as for a known user (no user enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  return dummyHash;
}
