import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

test('a sysAdmin reads the dashboard and follows its ProQ tile to the monitoring screen', async ({
  page,
}) => {
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await page.goto('/dashboard');
  const main = page.getByRole('main');

  // The demo jobs the server creates at start are counted, whatever their status now.
  const jobs = main.getByRole('region', { name: 'Jobs over time' });
  await expect(jobs.getByRole('img', { name: /Jobs created per week/ })).toBeVisible();
  // Demo jobs are made in the background at start: read again until they are there.
  await expect(async () => {
    await page.reload();
    await expect(jobs.getByRole('definition').first()).toHaveText(/^[1-9]\d*$/, {
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });
  await jobs.getByRole('button', { name: 'Months' }).click();
  await expect(jobs.getByRole('img', { name: /Jobs created per month/ })).toBeVisible();

  // The server runs its in-process worker: at least one alive.
  const proq = main.getByRole('region', { name: 'ProQ health' });
  await expect(proq.getByRole('region', { name: 'Workers alive' })).toContainText(
    /^Workers alive[1-9]/,
  );
  for (const title of [
    'Jobs running and failed now',
    'Match rate and spend analysed',
    'Card acceptance by issuer',
    'Campaigns in progress',
    'Active users',
  ])
    await expect(main.getByRole('region', { name: title })).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);

  await proq.getByRole('link', { name: 'Open ProQ monitoring' }).click();
  await expect(page).toHaveURL('/devops/proq-monitoring');
  await expect(
    page.getByRole('table', { name: 'Commands per state and command type' }),
  ).toBeVisible();
});

test('a user finds a release note by a word and opens that version alone', async ({ page }) => {
  await signIn(page, 'issuer@example.com', 'Issuer Demo');
  await page.goto('/release-notes');
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: /^1\.0\.0 — / })).toBeVisible();
  await main.getByRole('searchbox', { name: 'Search the release notes' }).fill('dashboard');
  await expect(main.getByRole('region', { name: /^1\.0\.0 — / })).toHaveCount(0);
  const note = main.getByRole('region', { name: /^1\.4\.0 — / });
  await expect(note.getByRole('heading', { name: 'Dashboard', level: 3 })).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.goto('/release-notes?version=1.3.0');
  await expect(main.getByRole('region', { name: /^1\.3\.0 — / })).toBeVisible();
  await expect(main.getByRole('region')).toHaveCount(1);
});
