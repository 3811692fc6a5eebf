import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { signIn } from './support/sign-in';

test('an admin edits a scoring threshold in a draft, dry-runs it on the demo job and activates it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await completedDemoJobId(page, DEMO_JOBS.summary);

  await page.goto('/admin/analysis-admin/scoring-rulesets');
  await page.getByRole('button', { name: 'Create draft from this version' }).click();
  await expect(page.getByRole('heading', { name: /^Draft version \d+/ })).toBeVisible();
  const draftUrl = page.url();
  const version = Number(/\/(\d+)$/.exec(draftUrl)?.[1]);

  // Raise "High from": fewer suppliers reach High.
  const high = page.getByRole('spinbutton', { name: 'High from' });
  const original = Number(await high.inputValue());
  await high.fill(String(Math.min(100, original + 10)));
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();

  // Dry-run on the demo job: the counts before → after and the suppliers that would change.
  await page.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: new RegExp(DEMO_JOBS.summary) }).click();
  await page.getByRole('button', { name: 'Dry-run' }).click();
  const counts = page.getByRole('table', { name: 'Counts before and after' });
  await expect(counts).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(/[1-9][\d,]* of [\d,]+ suppliers would change/)).toBeVisible();
  await expect(counts.getByRole('row', { name: / High \d+ \d+ -\d+$/ }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Changed suppliers' })).toContainText('→');
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Other journeys create jobs and read the demo job's results: the version activated here
  // scores exactly as the active one, so put the threshold back and prove it with a dry-run.
  await high.fill(String(original));
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Dry-run' }).click();
  await expect(page.getByText(/^0 of [\d,]+ suppliers would change/)).toBeVisible({
    timeout: 120_000,
  });

  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(
    page.getByText(`Version ${version} is now the active scoring ruleset.`),
  ).toBeVisible();
  const versions = page.getByRole('table', { name: 'Ruleset versions' });
  await expect(versions.getByRole('row').filter({ hasText: `Version ${version}` })).toContainText(
    'Active',
  );
  // Activated, the version is no longer editable.
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
});
