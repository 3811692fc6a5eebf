import { expect, test } from '@playwright/test';
import { type MergeApiServer, startMergeApiServer } from '../../server/test/merge-api-server';
import { CSRF, PORT, apiSignIn } from './support/api';

let api: MergeApiServer;

test.beforeAll(async () => {
  // The accounting API on the port the server was configured with (playwright.config.ts).
  api = await startMergeApiServer('e2e-merge-key', PORT + 10000);
  api.linkCompleted('public-e2e', 'account-e2e');
});
test.afterAll(async () => {
  await api.close();
});

test('a user connects the buyer’s accounting system from the data step; its sync makes a job', async ({
  page,
}) => {
  // The sync waits its turn on the server's worker, behind the pipelines other journeys started.
  test.setTimeout(180_000);
  // Set-up through the API: Test Issuer takes MergeLink, and a Draft Consultant Upload job.
  await apiSignIn(page.request, 'sysadmin@example.com');
  const issuers = (await (
    await page.request.get('/api/v1/job-artifacts/wizard/issuers')
  ).json()) as { id: string; name: string; buyers: { id: string }[] }[];
  const issuer = issuers.find((i) => i.name === 'Test Issuer')!;
  const options = await page.request.post(
    `/api/v1/issuers/issuer-admin-input-data-option-update?issuerId=${issuer.id}`,
    { headers: CSRF, data: ['CsvFileUpload', 'MergeLink'] },
  );
  expect(options.ok()).toBe(true);
  const created = await page.request.post(
    `/api/v1/job-artifacts?type=advanced&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=Accounting%20journey&currency=gbp`,
    { headers: CSRF },
  );
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { id: string };

  // Merge Link as its script defines it; this stand-in connects at once and hands back the
  // public token the accounting API knows. The page's CSP must let the script load.
  await page.route('https://cdn.merge.dev/initialize.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'window.MergeLink={initialize:function(o){setTimeout(function(){o.onSuccess("public-e2e")},0)}};',
    }),
  );
  await page.goto(`/jobs/${job.id}/workflow/advanced`);
  // The write-lock bar and who is viewing come in above the wizard once the lock is taken and
  // move the button down: a click in that moment landed beside it, and nothing connected (seen
  // once in CI).
  await expect(page.getByText(/You have write access until/)).toBeVisible();
  await expect(page.getByText('sysadmin@example.com (editing)')).toBeVisible();
  const region = page.getByRole('region', { name: 'Accounting system' });
  await region.getByRole('button', { name: 'Connect accounting system' }).click();
  await expect(region.getByText(/^Connected\./)).toBeVisible();

  // The sync ran on the server's worker: the admin screen shows the account and its new job.
  await page.goto('/admin/analysis-admin/merge-linked-accounts');
  const row = page
    .getByRole('table', { name: 'Linked accounts' })
    .getByRole('row', { name: /QuickBooks Online/ });
  await expect(async () => {
    await page.reload();
    // The row first (the page is loaded, however busy the machine), then whether its sync's job
    // is there yet: a short wait on the link alone can miss a slow page load every time.
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: 'job' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 120_000 });
  await expect(row).toContainText('Linked');
  await row.getByRole('link', { name: 'job' }).click();
  await expect(page).toHaveURL(/\/jobs\/[\w-]+\/details$/);
});
