import type { TestApp } from './harness.js';

/** An issuer as the list (`POST /api/v1/issuers/get`) answers it, the fields the tests read. */
export type IssuerRow = {
  id: string;
  name: string;
  issuerKey: string;
  usersCount: number;
  brandingDisplayName: string | null;
};

/** A valid create payload; the issuer key is fresh each time, as issuer keys are unique. */
export const newIssuer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Northwind Bank',
  issuerKey: `northwind-${Math.random().toString(36).slice(2, 8)}`,
  scheme: 'Visa',
  language: 'en',
  capabilities: ['Stp', 'Vcard'],
  virtualLockboxes: ['Boost'],
  fallbackCountryIso3: 'GBR',
  currency: 'GBP',
  sendMagicLinks: false,
  ...overrides,
});

/**
 * Creates and lists issuers as `cookie()`, read at each call: the test file signs in in a
 * `beforeAll`, after these are made.
 */
export function issuerRequests(t: TestApp, cookie: () => string) {
  return {
    create: (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/v1/issuers', cookie: cookie(), payload }),
    list: (payload: Record<string, unknown>, as = cookie()) =>
      t.request({ method: 'POST', url: '/api/v1/issuers/get', cookie: as, payload }),
  };
}
