import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

const CSV = [
  'Supplier,Address',
  'Acme,"Flat 3, 12 High St, Leeds LS6 3AB"',
  'Müller,"Hauptstraße 5, 10115 Berlin, Deutschland"',
  'Evil,"=HYPERLINK(""http://x""), 75002 Paris"',
].join('\n');

test('a sysAdmin parses an address file, reads each row and downloads the results', async ({
  page,
}) => {
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await page.goto('/tools');
  await page.getByRole('link', { name: /AI Address Parser/ }).click();
  await expect(page).toHaveURL('/tools/ai-address-parser');

  const section = page.getByRole('region', { name: 'Parse a file' });
  await section.getByLabel(/Address file/).setInputFiles({
    name: 'suppliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await section.getByRole('textbox', { name: 'Address column' }).fill('Address');
  await section.getByRole('button', { name: 'Parse file' }).click();

  await expect(
    section.getByText('3 addresses parsed from suppliers.csv (column Address)'),
  ).toBeVisible();
  const grid = section.getByRole('grid', { name: 'Parsed addresses' });
  const leeds = grid.getByRole('row', { name: /Leeds LS6 3AB/ });
  await expect(leeds.getByRole('gridcell', { name: 'Flat 3', exact: true })).toBeVisible();
  await expect(leeds.getByRole('gridcell', { name: 'LS6 3AB', exact: true })).toBeVisible();
  const berlin = grid.getByRole('row', { name: /10115 Berlin/ });
  await expect(berlin.getByRole('gridcell', { name: 'Hauptstraße 5', exact: true })).toBeVisible();
  await expect(berlin.getByRole('gridcell', { name: 'DE', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download results (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('suppliers-parsed.csv');
  const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe(
    '\uFEFFline,address,building,street,locality,city,region,postcode,country,parser',
  );
  expect(lines[1]).toBe(
    '2,"Flat 3, 12 High St, Leeds LS6 3AB",Flat 3,12 High St,,Leeds,,LS6 3AB,GB,rules',
  );
  // A cell a spreadsheet would run as a formula is written as text.
  expect(lines[3]).toMatch(/^4,"'=HYPERLINK/);
});
