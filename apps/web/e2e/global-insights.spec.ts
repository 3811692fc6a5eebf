import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { seriousViolations } from './support/axe';

const ACME = 'Acme Manufacturing — supplier summary 2025';
const CONTOSO = 'Contoso Logistics — vendor master 2025';

/** Waits for a demo job the server creates at start (jobs.demo.ts) to complete. */
async function waitForDemoJob(page: Page, name: string) {
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/v1/job-artifacts/get', {
          headers: { 'x-csrf-protection': '1' },
          data: {
            pageNumber: 1,
            pageSize: 5,
            filters: [{ propertyName: 'name', comparisonOperator: 'Equal', value: name }],
          },
        });
        const body = (await res.json()) as { collection: { status: string }[] };
        return body.collection[0]?.status;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe('Completed');
}

test('an issuer adds up the insights of their jobs, narrows them to one job and lists its buyers', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'issuer@example.com', 'Issuer Demo');
  await waitForDemoJob(page, ACME);

  // The loading page adds the jobs up, then opens the insights.
  await page.goto('/global-insights/loading');
  await expect(page).toHaveURL('/global-insights/insights', { timeout: 30_000 });
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Jobs', exact: true })).toBeVisible();

  // 'By Job' has a bar per visible job: PayTech's demo job, never Mastercard's.
  const byJob = main.getByRole('region', { name: 'By Job' });
  await expect(byJob.getByRole('rowheader', { name: ACME })).toBeAttached({ timeout: 20_000 });
  await expect(byJob.getByRole('rowheader', { name: CONTOSO })).toHaveCount(0);
  await expect(byJob.getByRole('img')).toBeVisible();

  // Narrowed to one job: the address keeps the filter, the tiles count one job.
  await main.getByRole('combobox', { name: 'Jobs' }).click();
  await page.getByRole('option', { name: new RegExp(`^${ACME}`) }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/global-insights\/insights\?jobIds=[0-9a-f-]{36}$/);
  await expect(main.getByRole('region', { name: 'Jobs', exact: true })).toContainText('1');
  await expect(main.getByRole('region', { name: 'Suppliers', exact: true })).toContainText(/\d/);
  // Charts fetch and draw as they near the viewport: scrolled to, this one draws.
  const byCountry = main.getByRole('region', { name: 'Spend by country' });
  await byCountry.scrollIntoViewIfNeeded();
  await expect(byCountry.getByRole('img')).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Organizations: the job's buyer with its totals, the filter kept.
  await main.getByRole('tab', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/global-insights\/organizations\?jobIds=[0-9a-f-]{36}$/);
  const grid = main.getByRole('grid', { name: 'Organizations' });
  await expect(grid.getByText('Acme Manufacturing Ltd')).toBeVisible({ timeout: 20_000 });
  await expect(grid.getByRole('row')).toHaveCount(2);
  expect(await seriousViolations(page, 'main')).toEqual([]);
});

test('a system administrator sees one currency at a time and is told which jobs are left out', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await waitForDemoJob(page, ACME);
  await waitForDemoJob(page, CONTOSO);

  // Pound jobs outnumber the one in dollars: the figures are in pounds, and the page says so.
  await page.goto('/global-insights/insights');
  const main = page.getByRole('main');
  await expect(
    main
      .getByRole('status')
      .filter({ hasText: /^Figures for \d+ jobs in GBP; .*\bUSD\b.* not included/ }),
  ).toBeVisible({ timeout: 30_000 });
  const byJob = main.getByRole('region', { name: 'By Job' });
  await expect(byJob.getByRole('rowheader', { name: ACME })).toBeAttached({ timeout: 20_000 });
  await expect(byJob.getByRole('rowheader', { name: CONTOSO })).toHaveCount(0);

  // Dollars chosen: only the dollar job, the choice kept in the address and on Organizations.
  await main.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'USD (1 job)' }).click();
  await expect(page).toHaveURL(/currency=USD/);
  await expect(
    main
      .getByRole('status')
      .filter({ hasText: /^Figures for 1 job in USD; .*\bGBP\b.* not included/ }),
  ).toBeVisible();
  await expect(byJob.getByRole('rowheader', { name: CONTOSO })).toBeAttached({ timeout: 20_000 });
  await expect(byJob.getByRole('rowheader', { name: ACME })).toHaveCount(0);
  // The dollar job's file has dollar amounts: its spend is counted, in dollars.
  await expect(main.getByRole('region', { name: 'Spend', exact: true })).toContainText(/\$[1-9]/);
  expect(await seriousViolations(page, 'main')).toEqual([]);

  await main.getByRole('tab', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/global-insights\/organizations\?.*currency=USD/);
  const grid = main.getByRole('grid', { name: 'Organizations' });
  await expect(grid.getByText('Contoso Logistics', { exact: false }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(grid.getByText(/\$/).first()).toBeVisible();
});
