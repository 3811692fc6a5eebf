import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, useTestApp } from '../../../test/harness.js';

// Three sign-in attempts a minute from one address, whatever the usernames.
const t = useTestApp({ LOGIN_ATTEMPTS_PER_MINUTE: '3' });

describe('sign-in throttle per address', () => {
  it('answers 429 past LOGIN_ATTEMPTS_PER_MINUTE, for good and bad attempts alike', async () => {
    const attempt = (username: string, password = TEST_PASSWORD) =>
      t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    expect((await attempt('client@example.com')).statusCode).toBe(200);
    expect((await attempt('issuer@example.com', 'wrong')).statusCode).toBe(401);
    expect((await attempt('tester@example.com')).statusCode).toBe(200);
    expect((await attempt('developer@example.com')).statusCode).toBe(429);
  });
});
