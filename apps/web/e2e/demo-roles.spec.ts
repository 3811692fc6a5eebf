import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users';
import { submitSignIn } from './support/sign-in';

for (const { username, displayName } of DEMO_USERS) {
  test(`${username} can sign in and sees their display name`, async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, username);
    await expect(page.getByRole('heading', { name: `Welcome, ${displayName}` })).toBeVisible();
  });
}
