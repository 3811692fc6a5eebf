import { expect, test } from '@playwright/test';
import { apiSignIn } from './support/api';
import { createDraftJob } from './support/draft-job';

/** Suppliers whose address is one free-text column, as many buyers' exports have it. */
const CSV = [
  'Supplier Name,Annual Spend,Address',
  'Acme Office Supplies Ltd,1200.00,"Flat 3, 12 High St, Leeds LS6 3AB"',
  'Müller Bürobedarf GmbH,800.00,"Hauptstraße 5, 10115 Berlin, Deutschland"',
].join('\r\n');

test('the job wizard splits a single free-text address column into its components', async ({
  page,
}) => {
  test.setTimeout(30_000);
  // Set-up through the API: signed in, and a Draft job at its upload step.
  await apiSignIn(page.request, 'ptcojobmanager@example.com');
  const jobId = await createDraftJob(page.request, `Address split ${Date.now()}`, 'PayTech Bank');
  await page.goto(`/jobs/${jobId}/workflow/base`);

  const upload = page.getByRole('region', { name: 'Supplier file' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'addresses.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText(/addresses\.csv \(/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue to mapping' }).click();

  // Mapping: the Address column is suggested for Address line 1; the wizard offers the split.
  const mapping = page.getByRole('region', { name: 'Supplier file: addresses.csv' });
  await expect(mapping.getByRole('combobox', { name: /Address line 1/ })).toHaveText('Address');
  await mapping
    .getByRole('checkbox', { name: /split it into street, town, postcode and country/ })
    .check();
  await page.getByRole('button', { name: 'Save mapping and preview' }).click();

  // Preview: each row's street, building, town, postcode and country as ingestion will read them.
  const preview = page.getByRole('table', { name: 'Preview of addresses.csv' });
  for (const header of ['Address line 1', 'Address line 2', 'City', 'Postcode', 'Country'])
    await expect(preview.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const acme = preview.getByRole('row', { name: /Acme Office Supplies Ltd/ });
  for (const cell of ['12 High St', 'Flat 3', 'Leeds', 'LS6 3AB', 'GBR'])
    await expect(acme.getByRole('cell', { name: cell, exact: true })).toBeVisible();
  const muller = preview.getByRole('row', { name: /Müller Bürobedarf GmbH/ });
  for (const cell of ['Hauptstraße 5', 'Berlin', '10115', 'DEU'])
    await expect(muller.getByRole('cell', { name: cell, exact: true })).toBeVisible();
});
