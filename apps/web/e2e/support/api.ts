import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

/** The header the server requires on state-changing calls. */
export const CSRF = { 'x-csrf-protection': '1' };

export const PORT = Number(process.env.E2E_PORT ?? 3100);

/** The address of a host name of this test server (Chromium resolves *.localhost itself). */
export function hostUrl(hostname = 'localhost'): string {
  return `http://${hostname}:${PORT}`;
}

export type SessionProfile = {
  displayName: string;
  permissions: string[];
  branding: { fullDomainName: string | null; theme: string };
};

/**
 * Signs in through the API (no form: fast) on `origin`, so the session cookie lands in the
 * request context's cookie jar for that host, and returns the profile.
 */
export async function apiSignIn(
  request: APIRequestContext,
  username: string,
  origin = hostUrl(),
): Promise<SessionProfile> {
  const response = await request.post(`${origin}/api/auth/login`, {
    data: { username, password: DEMO_PASSWORD },
    headers: CSRF,
  });
  if (!response.ok()) throw new Error(`Sign-in of ${username} failed: ${response.status()}`);
  return (await response.json()) as SessionProfile;
}

/**
 * Signs a page in on the user's own branding domain, where the app keeps them (a user on another
 * domain is signed out and sent to theirs unless cross-origin mode is on). Node cannot resolve
 * *.localhost names, so the sign-in goes to localhost and its session cookie is copied to the
 * user's domain (the session does not depend on the host). Returns that origin and the profile.
 */
export async function signInOnOwnDomain(page: Page, username: string) {
  const profile = await apiSignIn(page.request, username);
  const domain = profile.branding.fullDomainName;
  if (!domain || domain === 'localhost') return { origin: hostUrl(), profile };
  const cookies = await page.context().cookies(hostUrl());
  await page.context().addCookies(
    cookies.map(({ name, value, httpOnly, sameSite }) => ({
      name,
      value,
      httpOnly,
      sameSite,
      url: hostUrl(domain),
    })),
  );
  return { origin: hostUrl(domain), profile };
}

/** Switches the system mode as a user holding SystemModeUpdate. */
export async function setSystemMode(request: APIRequestContext, mode: string): Promise<void> {
  const response = await request.post(`${hostUrl()}/api/v1/system-mode?mode=${mode}`, {
    headers: CSRF,
  });
  if (!response.ok()) throw new Error(`Setting the mode to ${mode} failed: ${response.status()}`);
}
