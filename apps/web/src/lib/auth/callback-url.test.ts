import { describe, expect, it } from 'vitest';
import { loginPath, safeCallbackUrl } from './callback-url';

describe('safeCallbackUrl', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeCallbackUrl('/jobs/1/summary?tab=2')).toBe('/jobs/1/summary?tab=2');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'jobs'])(
    'falls back to / for %s',
    (value) => {
      expect(safeCallbackUrl(value)).toBe('/');
    },
  );
});

describe('loginPath', () => {
  it('carries the path and query back as an encoded callbackUrl', () => {
    expect(loginPath({ pathname: '/', search: '' })).toBe('/login?callbackUrl=%2F');
    expect(loginPath({ pathname: '/a', search: '?b=1' }, 'session-expired')).toBe(
      '/login?callbackUrl=%2Fa%3Fb%3D1&error=session-expired',
    );
  });
});
