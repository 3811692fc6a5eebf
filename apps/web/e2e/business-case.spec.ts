import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

test('a job manager changes an assumption, sees the total follow and downloads the workbook', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
  const jobId = await completedDemoJobId(page, DEMO_JOBS.summary);

  await page.goto(`/jobs/${jobId}/business-case-calculator`);
  const total = page.getByTestId('total-netValue');
  await expect(total).toHaveText(/\d/, { timeout: 30_000 });
  const before = await total.textContent();
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Year-one adoption from the issuer's default to 12.5 %: the total follows at once.
  await page.getByRole('spinbutton', { name: 'Adoption year 1' }).fill('12.5');
  await expect(total).not.toHaveText(before!);

  const name = `Cautious ${Date.now()}`;
  await page.getByLabel('Scenario name').fill(name);
  await page.getByRole('button', { name: 'Save as new scenario' }).click();
  const link = page.getByRole('link', { name: 'Download this scenario’s workbook (XLSX)' });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  expect(book.worksheets.map((w) => w.name)).toEqual([
    'Summary',
    'Inputs',
    'Spend',
    'Calculation',
    'Suppliers',
  ]);
  const inputs = book.getWorksheet('Inputs')!;
  expect(inputs.getCell('A4').value).toBe('Adoption in year 1');
  expect(inputs.getCell('B4').value).toBe(0.125);
  expect(book.getWorksheet('Summary')!.getCell('E10').value).toMatchObject({
    formula: 'SUM(B10:D10)',
  });
});
