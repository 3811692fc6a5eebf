import { expect, test } from '@playwright/test';
import { signIn, submitSignIn } from './support/sign-in';

test('an issuer signs in, sees the welcome page and their roles, and logs out', async ({
  page,
}) => {
  await signIn(page, 'issuer@example.com', 'Issuer Demo');
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('PayTech Bank B2B Analytics');

  await page.getByRole('button', { name: 'Issuer Demo' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'System Roles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analysis Roles' })).toBeVisible();

  await page.getByRole('button', { name: 'Issuer Demo' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // The session is gone on the server too, not only from the page.
  const session = await page.request.get('/api/auth/session');
  expect(session.status()).toBe(401);
});

test("a wrong password shows the server's message and stays on /login", async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, 'issuer@example.com', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  await expect(page).toHaveURL('/login');
});

test('a signed-out visit to / goes to sign-in and comes back after it', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/login?callbackUrl=%2F');
  await submitSignIn(page, 'issuer@example.com');
  await expect(page.getByRole('heading', { name: 'Welcome, Issuer Demo' })).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
