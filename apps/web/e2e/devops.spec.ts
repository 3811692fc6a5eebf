import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';
import { seriousViolations } from './support/axe';

test('a developer monitors ProQ, opens a command and runs the system health check', async ({
  page,
}) => {
  await signIn(page, 'developer@example.com', 'Developer Demo');

  // The landing page offers the DevOps pages the developer may open.
  await page.goto('/devops');
  await expect(page.getByRole('link', { name: /System Health Check/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Workflow Management/ })).toBeVisible();

  // Health check: queued as a ProQ command, followed until the in-process worker completed it.
  await page.getByRole('link', { name: /System Health Check/ }).click();
  await expect(page).toHaveURL('/devops/system-health-check');
  await expect(
    page.getByRole('region', { name: 'Integration configuration' }).getByText('Database'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Verify integrations' }).click();
  await expect(
    page.getByText(/^Verification (completed successfully|failed)$/).first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Run system health check' }).click();
  await expect(page.getByText('Health check completed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Health check results' })).toBeVisible();

  // Monitoring: counts, the running worker, the lists; the health check among the completed.
  await page.goto('/devops/proq-monitoring');
  await expect(page.getByTestId('proq-running')).toHaveText('Running');
  const completedCard = page.getByLabel('Completed', { exact: true });
  await expect(completedCard).not.toContainText('…');
  await expect(
    page.getByRole('table', { name: 'Commands per state and command type' }).getByRole('row', {
      name: /SystemHealthCheck/,
    }),
  ).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Queued commands' })).toBeVisible();
  await page.getByRole('tab', { name: /^Completed/ }).click();
  const completed = page.getByRole('grid', { name: 'Completed commands' });
  await completed.getByText('SystemHealthCheck').first().click();

  const detail = page.getByRole('dialog', { name: 'Command SystemHealthCheck' });
  await expect(detail.getByRole('region', { name: 'Payload' })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Result' })).toContainText('Database');
  await expect(detail.getByText(/^Attempt 1 of \d+$/)).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toHaveCount(0);

  // The navbar quick view lists the latest commands.
  await page.getByRole('button', { name: /ProQ quick view/ }).click();
  const quickView = page.getByRole('dialog', { name: 'ProQ quick view' });
  await expect(
    quickView
      .getByRole('table', { name: 'Latest ProQ commands' })
      .getByText('SystemHealthCheck')
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Workflow management and job maintenance open on the live server; an unknown job id says so.
  await page.goto('/devops/workflow-management');
  await expect(page.getByRole('grid', { name: 'Jobs with ProQ commands' })).toBeVisible();
  await page.goto('/devops/job-maintenance');
  await expect(page.getByRole('grid', { name: 'Jobs' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Job id' }).fill('99999999-9999-4999-8999-999999999999');
  await page.getByRole('button', { name: 'Open job' }).click();
  await expect(page.getByText('No analysis job you may see has this id')).toBeVisible();
  await expect(page.getByText('This job has no ProQ commands.')).toBeVisible();

  // Reference data: the versions table, and a real upload down to the mapping step (cancelled, so
  // the version other journeys match against stays the newest).
  await page.goto('/devops/reference-data');
  await expect(page.getByRole('grid', { name: 'Reference data versions' })).toBeVisible();
  await page.getByLabel('Reference data file (CSV or XLSX)').setInputFiles({
    name: 'network.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Merchant Name;Country;Post Code\nAcme Widgets Ltd;GB;SW1A 1AA\n'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  const mapping = page.getByRole('region', { name: 'Column mapping' });
  await expect(mapping.getByRole('combobox', { name: /Merchant name/ })).toHaveText(
    'Merchant Name',
  );
  await expect(mapping.getByRole('cell', { name: 'Acme Widgets Ltd' })).toBeVisible();
  await mapping.getByRole('button', { name: 'Cancel' }).click();
  await expect(mapping).toHaveCount(0);
});

test('the ProQ monitoring page and its quick view have no serious or critical accessibility violations', async ({
  page,
}) => {
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await page.goto('/devops/proq-monitoring');
  await expect(page.getByRole('grid', { name: 'Queued commands' })).toBeVisible();
  await expect(page.getByTestId('proq-running')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /ProQ quick view/ }).click();
  await expect(page.getByRole('table', { name: 'Latest ProQ commands' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
