import { expect, test } from '@playwright/test';
import { CSRF } from './support/api';
import { signIn } from './support/sign-in';

// The system administrator holds Translations_CRUD (docs/permissions.md).
const admin = ['sysadmin@example.com', 'Sys Admin Demo'] as const;
const KEY = 'Sign in';

test('a translation override is seen on the next page load, without a rebuild', async ({
  page,
  browser,
}) => {
  await signIn(page, ...admin);
  try {
    await page.goto('/admin/analysis-admin/translations');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveText('German');
    await page.getByLabel('Search').fill(KEY);
    const strings = page.getByRole('table', { name: 'Strings' });
    const row = strings
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: KEY, exact: true }) });
    await expect(row.getByRole('cell', { name: 'Anmelden', exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Override a string' });
    await dialog.getByRole('textbox', { name: /Text shown in/ }).fill('Einloggen');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByText('Overridden')).toBeVisible();

    // A German browser that has never been here: the sign-in page in German, with the override.
    const german = await browser.newContext({ locale: 'de-DE' });
    const visitor = await german.newPage();
    await visitor.goto('/login');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Einloggen' })).toBeVisible();
    await expect(visitor.getByLabel('Passwort', { exact: true })).toBeVisible();
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'de');
    await german.close();
  } finally {
    // Other journeys read the German sign-in page's shipped text.
    await page.request.delete(
      `/api/v1/translations/overrides?language=de&key=${encodeURIComponent(KEY)}`,
      { headers: CSRF },
    );
  }
});
