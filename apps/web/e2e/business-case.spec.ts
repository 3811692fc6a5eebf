import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

test('a job manager changes an assumption, sees the total follow, downloads the workbook and its PDF', async ({
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
  const netValue = (await total.textContent())!;

  const name = `Cautious ${Date.now()}`;
  await page.getByLabel('Scenario name').fill(name);
  await page.getByRole('button', { name: 'Save as new scenario' }).click();
  const link = page.getByRole('link', { name: 'Download this scenario’s workbook (XLSX)' });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  const xlsx = zipEntries(readFileSync(await download.path()));
  const workbook = xlsx.get('xl/workbook.xml')!;
  expect([...workbook.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1])).toEqual([
    'Summary',
    'Inputs',
    'Spend',
    'Calculation',
    'Suppliers',
  ]);
  // Inputs!B4 is year one's adoption, stored as a fraction; Summary!E10 totals the net value.
  expect(xlsx.get('xl/worksheets/sheet2.xml')).toMatch(/<c r="B4"[^>]*><v>0\.125<\/v><\/c>/);
  expect(xlsx.get('xl/worksheets/sheet1.xml')).toContain('<f>SUM(B10:D10)</f>');

  // The PDF summary of the same scenario: the server prints it with Chromium (a queued command).
  await page.goto(`/jobs/${jobId}/business-case-download`);
  const saved = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: `Download PDF: summary of ${name}` }).click();
  const pdf = readFileSync((await (await saved).path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  expect(text).toContain(`Scenario “${name}”`);
  expect(text).toContain(`Net value to the buyer: ${netValue}`);
  expect(text).toContain('12.5 %');
});

/** The text entries of a zip (an .xlsx), read from its central directory. */
function zipEntries(zip: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'a zip archive').toBeGreaterThan(0);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return entries;
}
