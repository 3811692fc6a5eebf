import { test } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users';
import { signIn } from './support/sign-in';

for (const { username, displayName } of DEMO_USERS) {
  test(`${username} can sign in and sees their display name`, async ({ page }) => {
    await signIn(page, username, displayName);
  });
}
