import { expect, test } from '@playwright/test';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { signIn } from './support/sign-in';

test('a job manager builds a use case, opens a supplier in it and reads the report', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
  const jobId = await completedDemoJobId(page, DEMO_JOBS.summary);
  const name = `Card acceptors ${Date.now()}`;

  await page.goto(`/jobs/${jobId}/use-cases`);
  await page.getByRole('button', { name: 'New use case' }).click();
  const gallery = page.getByRole('dialog', { name: 'New use case' });
  await expect(gallery.getByRole('region', { name: 'Virtual Card' })).toBeVisible();
  await gallery.getByRole('button', { name: 'Start blank' }).click();
  const editor = page.getByRole('dialog', { name: 'New use case' });
  await editor.getByLabel('Name').fill(name);
  // The first line a new rule gets: suppliers that accept cards.
  await editor.getByRole('button', { name: 'Add a line' }).click();
  await expect(editor.getByRole('group', { name: 'Rule line 1' })).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  const row = page
    .getByRole('table', { name: 'Use cases' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText('Virtual Card');
  await row.getByRole('link', { name, exact: true }).click();

  await expect(page.getByRole('region', { name: 'Estimated value' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rule' })).toContainText('Accepts card is MATCHED');
  const grid = page.getByRole('grid', { name: 'Use case suppliers' });
  const first = grid.getByRole('link').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  await first.click();

  const lines = page.getByRole('table', { name: 'Rule lines' });
  await expect(lines).toContainText('Accepts card is MATCHED');
  await expect(lines.getByLabel('Meets it')).toHaveText('✓');

  await page.goto(`/jobs/${jobId}/report/use-cases`);
  await expect(page.getByRole('table', { name: 'Use case summary' })).toContainText(name);
  await expect(page.getByRole('region', { name: 'Campaign progress' })).toBeVisible();
});
