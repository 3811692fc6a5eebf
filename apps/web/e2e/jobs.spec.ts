import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';
import { seriousViolations } from './support/axe';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';

/**
 * A buyer's export as it really arrives: UTF-8 with a byte-order mark, semicolons, amounts with
 * a comma decimal, dot thousands and a euro sign, Windows line ends, and one row without a name.
 */
function messySupplierCsv(): Buffer {
  const rows = [
    'Supplier Name;Vendor No;Annual Spend;Country;Post Code',
    'Acme Office Supplies Ltd;V1001;"1.234,56 €";GB;EC1A 1BB',
    'Brightside Catering Limited;V1002;"12.500,00 €";GB;M1 1AE',
    ';V1003;"99,00 €";GB;',
    'Northwind Logistics plc;V1004;"€ 7.000";GB;LS1 4AP',
  ];
  return Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8');
}

test('an issuer creates a Summary Upload job from a messy file and watches it run', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'issuer@example.com', 'Issuer Demo');

  // The job list offers New Job with the three job types.
  await page.goto('/analysis');
  await expect(page.getByRole('grid', { name: 'Jobs' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'New Job' }).click();
  await page.getByRole('menuitem', { name: 'Summary Upload' }).click();
  await expect(page).toHaveURL('/jobs/create/base');
  await expect(page.getByRole('heading', { name: 'Summary Upload' })).toBeVisible();

  // Setup: issuer, a buyer created inline, name and the issuer's currency.
  await page.getByRole('combobox', { name: /Issuer/ }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'New buyer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New buyer' });
  const buyerName = `E2E Buyer ${Date.now()}`;
  await dialog.getByRole('textbox', { name: /Buyer name/ }).fill(buyerName);
  await dialog.getByRole('button', { name: 'Create buyer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: /Buyer/ })).toHaveText(buyerName);
  await page.getByRole('textbox', { name: /Job name/ }).fill('E2E messy suppliers');
  await expect(page.getByRole('textbox', { name: /Currency/ })).toHaveValue(/^[A-Z]{3}$/);
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}\/workflow\/base$/);
  const jobId = /\/jobs\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  // Upload: the file is checked and sniffed on the server.
  const upload = page.getByRole('region', { name: 'Supplier file' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'suppliers-messy.csv',
    mimeType: 'text/csv',
    buffer: messySupplierCsv(),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText(/suppliers-messy\.csv \(/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue to mapping' }).click();

  // Mapping: suggested from the header names, required fields filled.
  const mapping = page.getByRole('region', { name: 'Supplier file: suppliers-messy.csv' });
  await expect(mapping.getByText(/semicolon-separated/)).toBeVisible();
  await expect(mapping.getByRole('combobox', { name: /Supplier name/ })).toHaveText(
    'Supplier Name',
  );
  await expect(mapping.getByRole('combobox', { name: /Annual spend/ })).toHaveText('Annual Spend');
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Save mapping and preview' }).click();

  // Preview: amounts already parsed, the blank-name row flagged.
  const preview = page.getByRole('table', { name: 'Preview of suppliers-messy.csv' });
  await expect(preview.getByRole('cell', { name: '1234.56', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Continue to validation' }).click();

  // Validation: the rejected row with its reason, then submit.
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await expect(page.getByText('3 of 4 rows accepted, 1 rejected')).toBeVisible({ timeout: 30_000 });
  const rejects = page.getByRole('table', { name: 'Rejected rows of suppliers-messy.csv' });
  await expect(rejects.getByRole('row')).toHaveCount(2);
  await expect(rejects.getByRole('cell', { name: 'V1003' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download rejected rows (CSV)' })).toHaveAttribute(
    'href',
    new RegExp(`/api/v1/job-artifacts/${jobId}/files/[0-9a-f-]{36}/rejects\\.csv$`),
  );
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Submit job' }).click();

  // Details: the steps run in the server's in-process ProQ workers and complete. An issuer has
  // no workflow view (SPEC §6): one progress bar over the four steps.
  await expect(page).toHaveURL(`/jobs/${jobId}/details`);
  await expect(page.getByTestId('analysis-progress')).toHaveText('4 of 4 steps completed', {
    timeout: 120_000,
  });
  await expect(page.getByRole('region', { name: 'Job header' })).toContainText('Completed');
  await expect(page.getByRole('region', { name: 'Results' })).toContainText('Suppliers');
  await expect(page.getByRole('navigation', { name: 'Job tabs' })).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // The job is in the list; opening it lands on its details.
  await page.goto('/analysis');
  await page.getByRole('grid', { name: 'Jobs' }).getByText('E2E messy suppliers').first().click();
  await expect(page).toHaveURL(`/jobs/${jobId}/details`);
});

test('a sys admin reads a finished demo job’s logs and users, and the active rulesets', async ({
  page,
}) => {
  // The demo jobs run through ProQ at start (reference data, its index, then each job's
  // pipeline with the match model fitted to it): on a busy CI machine that takes minutes.
  test.setTimeout(240_000);
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');

  // The summary demo job: the match-only one is re-scored by the match review journey running
  // beside this one, which would make its log unfinished while this journey reads it.
  const demoJobName = DEMO_JOBS.summary;
  await completedDemoJobId(page, demoJobName);

  // The list filtered by status shows it; opening it lands on its details.
  await page.goto('/analysis');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await page.keyboard.press('Escape');
  const grid = page.getByRole('grid', { name: 'Jobs' });
  await grid.getByRole('gridcell', { name: demoJobName, exact: true }).first().click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}\/details$/);
  const jobUrl = page.url().replace(/\/details$/, '');
  await expect(page.getByRole('region', { name: 'Job header' })).toContainText('Completed');

  // Logs: the pipeline's lines, finished.
  const tabs = page.getByRole('navigation', { name: 'Job tabs' });
  await tabs.getByRole('button', { name: 'Admin' }).click();
  // The group opens with an animation, its links clipped until it ends: wait for the whole
  // link (once in CI the click left the page on the details tab).
  const logs = tabs.getByRole('link', { name: 'Logs' });
  await expect(logs).toBeInViewport({ ratio: 1 });
  await logs.click();
  await expect(page).toHaveURL(`${jobUrl}/logs`);
  await expect(page.getByText('All steps have finished.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Job log' }).getByRole('listitem').first(),
  ).toBeVisible();

  // Users: the owner among those with access, with the admin's actions.
  await tabs.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('table', { name: 'Users with access' })).toContainText('Owner');
  await expect(page.getByRole('button', { name: 'Change owner' })).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Rulesets: the active versions, read-only.
  await page.goto('/admin/analysis-admin/confidence-rulesets');
  await expect(
    page.getByRole('table', { name: 'Comparisons' }).getByRole('row', { name: /cut short/ }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ruleset versions' })).toContainText('Active');
  await page.goto('/admin/analysis-admin/scoring-rulesets/1');
  await expect(page.getByRole('region', { name: 'Virtual Card' })).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);
});
