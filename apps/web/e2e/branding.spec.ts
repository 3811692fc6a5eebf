import { expect, test } from '@playwright/test';

// Chromium resolves every *.localhost name to the loopback address, and the server picks the
// branding by the host name the request was sent to.
const PORT = 3100;

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
