import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

test('a job manager picks the onboarding profile and downloads the job’s data as CSV', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
  const jobId = await completedDemoJobId(page, DEMO_JOBS.summary);

  await page.goto(`/jobs/${jobId}/analysis-data-download`);
  await page.getByRole('radio', { name: /^Onboarding/ }).check();
  const link = page.getByRole('link', { name: 'Download CSV' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page, 'main')).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/-analysis-data-onboarding-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFFsupplierKey,supplierId,supplierName,country,city,postcode,')).toBe(
    true,
  );
  expect(text.trimEnd().split('\r\n').length).toBeGreaterThan(1);
  await expect(page.getByRole('region', { name: 'Your downloads' })).toBeVisible();
});
