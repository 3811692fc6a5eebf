import { afterEach, describe, expect, it } from 'vitest';
import { effectiveMs } from './timing-overrides';

afterEach(() => localStorage.clear());

describe('effectiveMs', () => {
  it('is the configured duration without an override', () => {
    expect(effectiveMs('idleWarningSeconds', 1500)).toBe(1_500_000);
  });

  it('takes a shorter override, never a longer or invalid one', () => {
    localStorage.setItem('b2b.test.idleLogoutSeconds', '2');
    expect(effectiveMs('idleLogoutSeconds', 60)).toBe(2000);
    localStorage.setItem('b2b.test.idleLogoutSeconds', '600');
    expect(effectiveMs('idleLogoutSeconds', 60)).toBe(60_000);
    localStorage.setItem('b2b.test.idleLogoutSeconds', 'soon');
    expect(effectiveMs('idleLogoutSeconds', 60)).toBe(60_000);
  });
});
