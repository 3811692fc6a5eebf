import { expect, test } from '@playwright/test';
import { CSRF, apiSignIn } from './support/api';
import { seriousViolations } from './support/axe';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';

test('an admin makes an upload link; a person without an account uploads through it once', async ({
  page,
  browser,
}) => {
  // Set-up through the API: Test Issuer takes upload links, and a Draft job of it.
  await apiSignIn(page.request, 'sysadmin@example.com');
  const issuers = (await (
    await page.request.get('/api/v1/job-artifacts/wizard/issuers')
  ).json()) as {
    id: string;
    name: string;
    buyers: { id: string }[];
  }[];
  const issuer = issuers.find((i) => i.name === 'Test Issuer')!;
  const options = await page.request.post(
    `/api/v1/issuers/issuer-admin-input-data-option-update?issuerId=${issuer.id}`,
    { headers: CSRF, data: ['CsvFileUpload', 'SendUploadLink'] },
  );
  expect(options.ok()).toBe(true);
  const jobName = `Upload link ${Date.now()}`;
  const created = await page.request.post(
    `/api/v1/job-artifacts?type=base&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=${encodeURIComponent(jobName)}&currency=gbp`,
    { headers: CSRF },
  );
  expect(created.status()).toBe(201);

  // The admin screen (signed in by the API call above) makes the link and shows it once.
  await page.goto('/admin/analysis-admin/magic-links');
  await page.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: `${jobName} (Test Issuer)` }).click();
  await page.getByRole('button', { name: 'Create upload link' }).click();
  const link = await page.getByRole('textbox', { name: 'Upload link' }).inputValue();
  await expect(
    page
      .getByRole('table', { name: 'Magic links' })
      .getByRole('row', { name: new RegExp(jobName) }),
  ).toContainText('Active');

  // A fresh browser, no session: the page names the job and takes a small CSV.
  const outside = await browser.newContext();
  const upload = await outside.newPage();
  await upload.goto(new URL(link).pathname);
  await expect(
    upload.getByRole('heading', { name: `Upload your file for ${jobName}` }),
  ).toBeVisible();
  // A public page: the every-screen accessibility journey visits signed-in routes only.
  expect(await seriousViolations(upload)).toEqual([]);
  await upload.getByLabel('Your file', { exact: true }).setInputFiles({
    name: 'ap-export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Supplier Name,Postcode,Country,Annual Spend\nAcme Ltd,SW1A 1AA,GBR,1000\n',
    ),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByRole('heading', { name: 'File received' })).toBeVisible();

  // The link is used up: opening it again shows the dead-link page and nothing of the job.
  await upload.reload();
  await expect(
    upload.getByRole('heading', { name: 'This link can no longer be used' }),
  ).toBeVisible();
  await expect(upload.getByText(jobName)).toHaveCount(0);
  await outside.close();
});

test("a results link lets one person read a published job's results until it is revoked", async ({
  page,
  browser,
}) => {
  await apiSignIn(page.request, 'sysadmin@example.com');
  const jobId = await completedDemoJobId(page, DEMO_JOBS.summary);
  const publish = (isPublished: boolean) =>
    page.request.put(`/api/v1/job-artifacts/${jobId}/publish`, {
      headers: CSRF,
      data: { isPublished },
    });
  expect((await publish(true)).ok()).toBe(true);
  try {
    const created = await page.request.post('/api/v1/magic-links', {
      headers: CSRF,
      data: { kind: 'Results', jobId, recipientEmail: 'reader@partner.example' },
    });
    expect(created.status()).toBe(201);
    const { url, magicLink } = (await created.json()) as { url: string; magicLink: { id: string } };

    // A fresh browser, no account: the link signs it in for this job's results only.
    const outside = await browser.newContext();
    const reader = await outside.newPage();
    await reader.goto(new URL(url).pathname);
    await expect(reader.getByRole('heading', { name: DEMO_JOBS.summary })).toBeVisible();
    await expect(reader.getByRole('region', { name: 'Spend by card product' })).toBeVisible();
    await reader.getByRole('tab', { name: 'Suppliers' }).click();
    await expect(reader.getByRole('table', { name: 'Suppliers' })).toBeVisible();
    expect(await seriousViolations(reader)).toEqual([]);
    expect((await reader.request.get('/api/v1/magic-links')).status()).toBe(403);

    // Revoked: the session ends with the link, and the page says the link is dead.
    const revoke = await page.request.post(`/api/v1/magic-links/${magicLink.id}/revoke`, {
      headers: CSRF,
    });
    expect(revoke.ok()).toBe(true);
    await reader.reload();
    await expect(
      reader.getByRole('heading', { name: 'This link can no longer be used' }),
    ).toBeVisible();
    await expect(reader.getByText(DEMO_JOBS.summary)).toHaveCount(0);
    await outside.close();
  } finally {
    // Other journeys share the demo job: it goes back to unpublished.
    await publish(false);
  }
});
