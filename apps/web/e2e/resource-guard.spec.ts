import { expect, test } from '@playwright/test';
import { CSRF } from './support/api';
import { signIn } from './support/sign-in';

/**
 * 256 KiB: above every file the other journeys upload (they share this server), below the file
 * here, so only this journey meets the lowered limit while it is set.
 */
const LIMIT_KIB = 256;

test('a resource limit refusing an upload', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await page.goto('/devops/resource-guard');
  const limits = page.getByRole('table', { name: 'Resource limits' });
  await expect(limits).toBeVisible();

  const manager = await browser.newContext();
  try {
    // DevOps lowers the upload size on the screen.
    await page.getByRole('button', { name: 'Edit upload size' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set upload size' });
    await dialog.getByRole('spinbutton', { name: /^Upload size \(KiB\)/ }).fill(String(LIMIT_KIB));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = limits.getByRole('row', { name: /^Upload size/ });
    await expect(row.getByRole('cell', { name: `${LIMIT_KIB} KiB`, exact: true })).toBeVisible();
    await expect(row.getByText(/^Set by sysadmin@example\.com at /)).toBeVisible();

    // A job manager's upload in the job wizard is refused with the limit named.
    const wizard = await manager.newPage();
    await signIn(wizard, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
    const issuers = (await (
      await wizard.request.get('/api/v1/job-artifacts/wizard/issuers')
    ).json()) as { id: string; name: string; buyers: { id: string }[] }[];
    const issuer = issuers.find((i) => i.name.startsWith('PayTech Bank')) ?? issuers[0]!;
    const created = await wizard.request.post(
      `/api/v1/job-artifacts?type=base&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=Resource%20guard%20journey&currency=gbp`,
      { headers: CSRF },
    );
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await wizard.goto(`/jobs/${id}/workflow/base`);
    const upload = wizard.getByRole('region', { name: 'Supplier file' });
    const rows = ['Supplier Name,Postcode,Country,Annual Spend'];
    while (rows.length < 12_000) rows.push(`Guard Supplier ${rows.length},SW1A 1AA,GB,100.00`);
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'too-big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows.join('\r\n')),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(
      wizard.getByText(
        `The file "too-big.csv" is larger than the upload limit of ${LIMIT_KIB} KiB.`,
      ),
    ).toBeVisible();
  } finally {
    await manager.close();
    // Back to the default for every other journey.
    await page.request.delete('/api/v1/devops/resource-guard/limits/uploadMaxBytes', {
      headers: CSRF,
    });
  }
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Resource limits' }).getByRole('row', { name: /^Upload size/ }),
  ).toContainText('Default');
});
