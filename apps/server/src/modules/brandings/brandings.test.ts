import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();

describe('brandings', () => {
  it('finds the branding of the host the request reached', async () => {
    const res = await t.request({
      url: '/api/v2/brandings/by-domain',
      headers: { host: 'lloyds.localhost:3000' },
    });
    expect(res.json()).toEqual({
      brandingKey: 'Lloyds',
      theme: 'lloyds',
      brandingDisplayName: 'Lloyds',
      issuerName: 'Lloyds Commercial Banking',
    });
  });

  it('falls back to the default theme for an unknown host', async () => {
    const res = await t.request({
      url: '/api/v2/brandings/by-domain',
      headers: { host: 'example.org' },
    });
    expect(res.json()).toEqual({ brandingKey: 'Default', theme: 'default', issuerName: null });
  });

  it('lists all six brandings to signed-in users', async () => {
    const cookie = await t.signIn('issuer@example.com');
    const res = await t.request({ url: '/api/v2/brandings/all', cookie });
    expect(
      res
        .json()
        .map((b: { theme: string }) => b.theme)
        .sort(),
    ).toEqual(['default', 'hsbc', 'lloyds', 'mastercard', 'paytech', 'test']);
  });
});
