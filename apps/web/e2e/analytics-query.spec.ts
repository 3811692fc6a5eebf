import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

test('a ptcoJobManager builds, saves, reopens and exports a report', async ({ page }) => {
  await signIn(page, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
  await page.goto('/admin/analytics-query');
  const main = page.getByRole('main');
  const choose = async (field: string, option: string) => {
    await main.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  // Build: the jobs, grouped by status, counted, most first.
  await choose('Dataset', 'Jobs');
  await choose('Group by', 'Status');
  await page.keyboard.press('Escape');
  await main.getByRole('button', { name: 'Add aggregate' }).click();
  await choose('Sort by', 'Count');
  await choose('Direction', 'Descending');
  await main.getByRole('button', { name: 'Run' }).click();
  const result = main.getByRole('table', { name: 'Query result' });
  await expect(result.getByRole('columnheader')).toHaveText(['Status', 'Count']);
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Save: the saved report opens at its own address.
  await main.getByRole('textbox', { name: 'Report name' }).fill('Jobs by status (journey)');
  await main.getByRole('button', { name: 'Save report' }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);

  // Reopen it from the list of saved reports.
  await page.goto('/admin/analytics-query');
  await main.getByRole('link', { name: 'Jobs by status (journey)' }).click();
  await expect(main.getByRole('textbox', { name: 'Report name' })).toHaveValue(
    'Jobs by status (journey)',
  );
  await expect(main.getByRole('combobox', { name: 'Group by' })).toHaveText('Status');
  await main.getByRole('button', { name: 'Run' }).click();
  await expect(result.getByRole('columnheader')).toHaveText(['Status', 'Count']);

  // Export it as CSV: the header row and the counts, formula-safe.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Jobs-by-status-journey-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFFStatus,Count\r\n')).toBe(true);
});
