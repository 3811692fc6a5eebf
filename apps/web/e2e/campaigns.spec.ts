import { expect, test } from '@playwright/test';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { signIn } from './support/sign-in';

test('a campaign manager builds a use case, runs a campaign and a supplier accepts', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'campaignmanager@example.com', 'Campaign Manager Demo');
  const jobId = await completedDemoJobId(page, DEMO_JOBS.summary);
  const stamp = Date.now();
  const useCaseName = `Everyone from a template ${stamp}`;
  const campaignName = `Virtual Card drive ${stamp}`;

  // A use case from a template, its rule lines removed so that every supplier is in it.
  await page.goto(`/jobs/${jobId}/use-cases`);
  await page.getByRole('button', { name: 'New use case' }).click();
  const gallery = page.getByRole('dialog', { name: 'New use case' });
  await gallery
    .getByRole('region', { name: 'Virtual Card' })
    .getByRole('button', { name: /^Use template / })
    .first()
    .click();
  const editor = page.getByRole('dialog', { name: 'New use case' });
  await editor.getByLabel('Name').fill(useCaseName);
  const removeLine = editor.getByRole('button', { name: 'Remove rule line 1' });
  while (await removeLine.isVisible()) await removeLine.click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  // A campaign from it, on the Issuer route with the default cadence.
  await page.goto(`/jobs/${jobId}/campaign-workflows`);
  await page.getByRole('link', { name: 'New campaign' }).click();
  await page.getByRole('checkbox', { name: new RegExp(`^${useCaseName} · `) }).check();
  await page.getByRole('textbox', { name: 'Name' }).fill(campaignName);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { name: campaignName })).toBeVisible();
  const campaignId = /campaign-workflows\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  // The first supplier gets a contact address, then the campaign starts.
  const tracker = page.getByRole('grid', { name: 'Campaign suppliers' });
  const firstSupplier = tracker.getByRole('link').first();
  await expect(firstSupplier).toBeVisible({ timeout: 20_000 });
  await firstSupplier.click();
  await page.waitForURL(/\/suppliers\/[^/]+$/);
  const supplierKey = decodeURIComponent(page.url().split('/suppliers/')[1]!);
  await page.getByRole('textbox', { name: 'Contact e-mail' }).fill('ap@supplier.example');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Contact saved.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  await page.getByRole('button', { name: 'Start campaign' }).click();
  await expect(page.getByRole('button', { name: 'Complete campaign' })).toBeVisible();

  // The manager hands the supplier a response link; the supplier answers without signing in.
  await page.goto(
    `/jobs/${jobId}/campaign-workflows/${campaignId}/suppliers/${encodeURIComponent(supplierKey)}`,
  );
  await page.getByRole('button', { name: 'Get a response link' }).click();
  const link = await page.locator('code').filter({ hasText: '/campaign-response/' }).innerText();
  const supplierSide = await browser.newContext();
  const answerPage = await supplierSide.newPage();
  await answerPage.goto(new URL(link).pathname);
  await answerPage.getByRole('button', { name: /^Yes, accept / }).click();
  await answerPage.getByRole('button', { name: 'Send my answer' }).click();
  await expect(answerPage.getByRole('button', { name: 'Send my answer' })).toBeHidden();
  await supplierSide.close();

  // The tracker counts the supplier as Succeeded, and its timeline shows the answer.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Enrolled');
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  await expect(page.getByRole('region', { name: 'Succeeded' })).toHaveText(/Succeeded\s*1/);
});
