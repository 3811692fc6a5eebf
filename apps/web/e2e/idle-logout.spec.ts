import { MESSAGES } from '@b2b/contract';
import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

test('the idle warning comes after the configured time, Stay Logged In keeps the session, then logout', async ({
  page,
}) => {
  // The test hook shortens the idle timers (apps/web/src/app/session/timing-overrides.ts).
  await page.addInitScript(() => {
    localStorage.setItem('b2b.test.idleWarningSeconds', '2');
    localStorage.setItem('b2b.test.idleLogoutSeconds', '4');
  });
  await signIn(page, 'issuer@example.com', 'Issuer Demo');
  const warning = page.getByText(MESSAGES.idleWarning);
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: MESSAGES.stayLoggedIn }).click();
  await expect(warning).toBeHidden();

  await expect(warning).toBeVisible();
  await expect(page).toHaveURL('/login?callbackUrl=%2F');
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});
