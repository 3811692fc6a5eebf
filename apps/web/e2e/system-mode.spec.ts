import { MESSAGES } from '@b2b/contract';
import { expect, test, type Browser } from '@playwright/test';
import { apiSignIn, hostUrl, setSystemMode } from './support/api';
import { signIn } from './support/sign-in';

// The system mode is global: these run in their own project after every other journey (see
// playwright.config.ts), one at a time, and always put the system back to Live.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

async function signedInPage(browser: Browser, username: string, displayName: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username, displayName);
  return page;
}

test('in maintenance only the message shows, except to a developer; Live comes back by itself', async ({
  browser,
  playwright,
}) => {
  const admin = await playwright.request.newContext();
  await apiSignIn(admin, 'sysadmin@example.com');
  const issuer = await signedInPage(browser, 'issuer@example.com', 'Issuer Demo');
  const developer = await signedInPage(browser, 'developer@example.com', 'Developer Demo');
  try {
    await setSystemMode(admin, 'Maintenance');
    await issuer.goto('/');
    await expect(issuer.getByText(MESSAGES.maintenance)).toBeVisible();
    await expect(issuer.getByRole('navigation')).toHaveCount(0);
    await expect(issuer.getByRole('heading', { name: /Welcome/ })).toHaveCount(0);

    await developer.goto('/');
    await expect(developer.getByRole('heading', { name: 'Welcome, Developer Demo' })).toBeVisible();
    await expect(developer.getByText(MESSAGES.maintenance)).toHaveCount(0);

    // The mode is polled every 10 s while in maintenance: the app returns without a reload.
    await setSystemMode(admin, 'Live');
    await expect(issuer.getByRole('heading', { name: 'Welcome, Issuer Demo' })).toBeVisible({
      timeout: 15_000,
    });

    await setSystemMode(admin, 'ReadOnly');
    await developer.reload();
    await expect(developer.getByRole('alert')).toHaveText(MESSAGES.unknownSystemMode);
  } finally {
    await setSystemMode(admin, 'Live');
    await admin.dispose();
  }
});

test('an administrator switches to maintenance and then sees only the message', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: hostUrl() });
  await apiSignIn(admin, 'sysadmin@example.com');
  try {
    await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
    const panel = page.getByRole('region', { name: 'System mode' });
    await panel.getByRole('radio', { name: /^Maintenance/ }).check();
    await panel.getByRole('button', { name: 'Switch mode' }).click();
    // A system administrator may switch modes but not ignore maintenance: only the message,
    // no switch and no frame (SPEC §1). Live comes back by itself (the mode is polled).
    await expect(page.getByText(MESSAGES.maintenance)).toBeVisible();
    await expect(page.getByRole('region', { name: 'System mode' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await setSystemMode(admin, 'Live');
    await expect(page.getByRole('heading', { name: 'Welcome, Sys Admin Demo' })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await setSystemMode(admin, 'Live');
    await admin.dispose();
  }
});
