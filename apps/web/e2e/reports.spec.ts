import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { signIn } from './support/sign-in';

test('a job manager reads the Insights Report, downloads its PDF and walks the slides', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
  const jobId = await completedDemoJobId(page, DEMO_JOBS.summary);

  await page.goto(`/jobs/${jobId}/report/insights`);
  // The first read of a job's insights can be slow on a busy machine.
  await expect(page.getByRole('table', { name: 'Spend by card product' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Method notes' })).toBeVisible();

  // The server prints the printable route with Chromium as this user; the browser saves it.
  const saved = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  expect(text).toContain(DEMO_JOBS.summary);
  expect(text).toContain('Spend by card product');
  // A summary tile's label, as the theme prints it (upper case).
  expect(text).toContain('INVOICES');
  await expect(page.getByRole('status').filter({ hasText: 'The PDF is ready' })).toBeVisible();

  await page.goto(`/jobs/${jobId}/presentation`);
  await expect(page.getByText(/^Slide 1 of \d+$/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^Slide 2 of \d+$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  const deck = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PowerPoint' }).click();
  expect((await deck).suggestedFilename()).toMatch(/Insights_Presentation\.pptx$/);
});
