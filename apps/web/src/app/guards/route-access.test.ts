import { MESSAGES, type CurrentUserProfile } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { clientConfig, issuerProfile } from '../../test/fixtures';
import { decideAccess, type AccessInput } from './route-access';

const here = {
  protocol: 'http:',
  hostname: 'paytech.localhost',
  port: '3100',
  pathname: '/dashboard',
  search: '?x=1',
};

function input(overrides: Partial<AccessInput> = {}, profile: Partial<CurrentUserProfile> = {}) {
  return {
    route: { permissions: ['Dashboard_VIEW'] },
    session: { status: 'signed-in', profile: { ...issuerProfile, ...profile } },
    clientConfig,
    systemMode: 'Live',
    buildEnvironment: 'local',
    location: here,
    ...overrides,
  } satisfies AccessInput;
}

describe('decideAccess', () => {
  it('lets a signed-in user holding every permission in', () => {
    expect(decideAccess(input())).toEqual({ kind: 'allow' });
  });

  it('says Authenticating... while the session is asked for', () => {
    expect(decideAccess(input({ session: { status: 'pending' } }))).toEqual({
      kind: 'wait',
      message: MESSAGES.authenticating,
    });
  });

  it('sends a signed-out visitor to sign in with a callbackUrl, and says when it expired', () => {
    const out = decideAccess(input({ session: { status: 'signed-out', expired: false } }));
    expect(out).toEqual({ kind: 'redirect', to: '/login?callbackUrl=%2Fdashboard%3Fx%3D1' });
    const expired = decideAccess(input({ session: { status: 'signed-out', expired: true } }));
    expect(expired).toEqual({
      kind: 'redirect',
      to: '/login?callbackUrl=%2Fdashboard%3Fx%3D1&error=session-expired',
    });
  });

  it('says Initializing... until the configuration and the system mode are known', () => {
    const waiting = { kind: 'wait', message: MESSAGES.initializing };
    expect(decideAccess(input({ clientConfig: undefined }))).toEqual(waiting);
    expect(decideAccess(input({ systemMode: undefined }))).toEqual(waiting);
  });

  it('sends a build for another environment to /503', () => {
    expect(decideAccess(input({ buildEnvironment: 'production' }))).toEqual({
      kind: 'redirect',
      to: '/503',
    });
  });

  it('skips the checks that need a configuration the server could not give', () => {
    const other = input({ clientConfig: null, buildEnvironment: 'x' }, { eligible: true });
    expect(decideAccess({ ...other, location: { ...here, hostname: 'localhost' } })).toEqual({
      kind: 'allow',
    });
  });

  it('signs a user on another branding domain out towards their own, same protocol and port', () => {
    const domain = { ...issuerProfile.branding, fullDomainName: 'paytech.localhost' };
    const decision = decideAccess(
      input({ location: { ...here, hostname: 'localhost' } }, { branding: domain }),
    );
    expect(decision).toEqual({
      kind: 'leave',
      url: 'http://paytech.localhost:3100/login?callbackUrl=%2Fdashboard%3Fx%3D1',
    });
  });

  it('keeps them when cross-origin mode is on, or their branding has no domain', () => {
    const elsewhere = { ...here, hostname: 'localhost' };
    const crossOrigin = { ...clientConfig, crossOriginMode: true };
    expect(decideAccess(input({ clientConfig: crossOrigin, location: elsewhere }))).toEqual({
      kind: 'allow',
    });
    const noDomain = { ...issuerProfile.branding, fullDomainName: null };
    expect(decideAccess(input({ location: elsewhere }, { branding: noDomain }))).toEqual({
      kind: 'allow',
    });
  });

  it('sends an ineligible user to the lobby', () => {
    expect(decideAccess(input({}, { eligible: false, permissions: [] }))).toEqual({
      kind: 'redirect',
      to: '/lobby?reason=UserEligibility',
    });
  });

  it('shows only the maintenance message to users without SystemMaintenanceMode_IGNORE', () => {
    expect(decideAccess(input({ systemMode: 'Maintenance' }))).toEqual({ kind: 'maintenance' });
    const developer = { permissions: ['Dashboard_VIEW', 'SystemMaintenanceMode_IGNORE'] };
    expect(decideAccess(input({ systemMode: 'Maintenance' }, developer))).toEqual({
      kind: 'allow',
    });
  });

  it('treats ReadOnly and an unreadable mode as no maintenance (the frame reports ReadOnly)', () => {
    expect(decideAccess(input({ systemMode: 'ReadOnly' }))).toEqual({ kind: 'allow' });
    expect(decideAccess(input({ systemMode: null }))).toEqual({ kind: 'allow' });
  });

  it('sends a user missing any permission of the route to /401', () => {
    const route = { permissions: ['Dashboard_VIEW', 'User_CRUD'] as const };
    expect(decideAccess(input({ route }))).toEqual({ kind: 'redirect', to: '/401' });
    expect(decideAccess(input({ route: { permissions: [] } }, { permissions: [] }))).toEqual({
      kind: 'allow',
    });
  });
});
