import { expect, test } from '@playwright/test';
import { PORT } from './support/api';
import { submitSignIn } from './support/sign-in';

// Chromium resolves every *.localhost name to the loopback address, and the server picks the
// branding by the host name the request was sent to.

test('lloyds.localhost shows the Lloyds branding on the sign-in page', async ({ page }) => {
  await page.goto(`http://lloyds.localhost:${PORT}/login`);
  await expect(page.getByTestId('brand-logo')).toHaveText('Lloyds');
  await expect(page.getByText('Lloyds will never ask for your password')).toBeVisible();
  await expect(page).toHaveTitle('Lloyds Commercial Banking B2B Analytics');
});

test('localhost shows the default branding on the sign-in page', async ({ page }) => {
  await page.goto(`http://localhost:${PORT}/login`);
  await expect(page.getByTestId('brand-logo')).toHaveText('B2B Analytics');
  await expect(page).toHaveTitle('B2B Analytics');
});

test('a user signing in on another domain than their branding is signed out and sent to theirs', async ({
  page,
}) => {
  // The test server runs in cross-origin mode (playwright.config.ts) so that every journey can
  // use localhost; here the site configuration is answered as production would.
  // Only on localhost: the user's own domain answers as configured (and Node cannot resolve it).
  await page.route(`http://localhost:${PORT}/api/v1/system-data/client-config`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), crossOriginMode: false } });
  });
  await page.goto(`http://localhost:${PORT}/login`);
  await submitSignIn(page, 'issuer@example.com');
  await expect(page).toHaveURL(`http://paytech.localhost:${PORT}/login?callbackUrl=%2F`);
  await expect(page.getByTestId('brand-logo')).toHaveText('PayTech');
  const session = await page.request.get(`http://localhost:${PORT}/api/auth/session`);
  expect(session.status()).toBe(401);
});
