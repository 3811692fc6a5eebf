import { expect, test } from '@playwright/test';
import { startTestOidcProvider, type TestOidcProvider } from '../../server/test/oidc-provider';
import { CSRF, apiSignIn, hostUrl } from './support/api';
import { seriousViolations } from './support/axe';

// Lloyds Commercial: no other journey signs in through its provider or reads its sign-in page.
const ISSUER_KEY = 'lloyds-commercial';
const BUTTON = 'Lloyds ID';

let provider: TestOidcProvider;
let issuerId = '';

test.beforeAll(async ({ playwright }) => {
  // A real OpenID provider (oidc-provider) on loopback, with its own login and consent pages.
  provider = await startTestOidcProvider({
    redirectUri: `${hostUrl()}/api/auth/sso/callback`,
    accounts: [{ email: 'tester@example.com', name: 'Tester Demo' }],
    askConsent: true,
  });
  const admin = await playwright.request.newContext();
  await apiSignIn(admin, 'sysadmin@example.com');
  const issuers = await admin.post(`${hostUrl()}/api/v1/issuers/get`, {
    data: { pageSize: 50 },
    headers: CSRF,
  });
  const { collection } = (await issuers.json()) as {
    collection: { id: string; issuerKey: string }[];
  };
  issuerId = collection.find((i) => i.issuerKey === ISSUER_KEY)!.id;
  const saved = await admin.put(`${hostUrl()}/api/v1/issuers/${issuerId}/sso`, {
    data: {
      issuerUrl: provider.issuerUrl,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      enabled: true,
      buttonLabel: BUTTON,
    },
    headers: CSRF,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await admin.dispose();
});

test.afterAll(async ({ playwright }) => {
  if (issuerId) {
    const admin = await playwright.request.newContext();
    await apiSignIn(admin, 'sysadmin@example.com');
    await admin.delete(`${hostUrl()}/api/v1/issuers/${issuerId}/sso`, { headers: CSRF });
    await admin.dispose();
  }
  await provider?.close();
});

test('a member signs in at their provider, consents and lands signed in', async ({ page }) => {
  await page.goto(`/login?issuer=${ISSUER_KEY}`);
  await page.getByRole('link', { name: `Sign in with ${BUTTON}` }).click();

  // The provider's own pages: its login form (any password), then its consent.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuerUrl}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill('tester@example.com');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back in the product with a session: the greeting, and the session answers.
  await expect(page.getByRole('heading', { name: 'Welcome, Tester Demo' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${hostUrl()}/`));
  const session = await page.request.get(`${hostUrl()}/api/auth/session`);
  expect(await session.json()).toMatchObject({ username: 'tester@example.com' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('someone without an account is made one awaiting approval and told so', async ({ page }) => {
  provider.setAccount({ email: 'stranger@lloyds.example', name: 'Stranger' });
  await page.goto(`/login?issuer=${ISSUER_KEY}`);
  await page.getByRole('link', { name: `Sign in with ${BUTTON}` }).click();
  await page.getByPlaceholder('Enter any login').fill('stranger@lloyds.example');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/login\?sso=pending-approval/);
  await expect(page.getByText('waiting for an administrator to approve it')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
