import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

/** Fills and submits the sign-in form of the page already on /login. */
export async function submitSignIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in from /login and waits for the greeting. */
export async function signIn(page: Page, username: string, displayName: string) {
  await page.goto('/login');
  await submitSignIn(page, username);
  await expect(page.getByRole('heading', { name: `Welcome, ${displayName}` })).toBeVisible();
}
