import { expect, test, type Page } from '@playwright/test';
import { CSRF } from './support/api';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { signIn } from './support/sign-in';

// The developer holds both permissions these journeys need: ListCellCopyIcon_VIEW and JobDelete
// (docs/permissions.md), and may create and run campaigns.
const developer = ['developer@example.com', 'Developer Demo'] as const;

/** Posts as the signed-in page and returns the JSON answer, failing on a refusal. */
async function post<T>(page: Page, url: string, data?: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: CSRF, ...(data ? { data } : {}) });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test('a copy icon in a list cell copies what the cell shows: Copied to clipboard', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ...developer);
  await page.goto('/admin/users');
  const grid = page.getByRole('grid', { name: 'active users' });
  const firstRow = grid.getByRole('row').nth(1);
  const username = (await firstRow.getByRole('gridcell').first().innerText()).trim();
  expect(username).toMatch(/@/);
  await firstRow.getByRole('button', { name: 'Copy Username' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(username);
  // The click copies; it does not open the user the row leads to.
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test('deleting a job: refused while a campaign of it is Active, done after confirmation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ...developer);
  const stamp = Date.now();

  // An Active campaign on the finished demo job (made through the API, as a campaign manager
  // would through the screens) keeps that job from being deleted.
  const demoJobId = await completedDemoJobId(page, DEMO_JOBS.summary);
  const useCase = await post<{ id: string }>(page, `/api/v1/job-artifacts/${demoJobId}/use-cases`, {
    name: `Keep the job ${stamp}`,
    cardProduct: 'Vcard',
    rule: { filters: [] },
  });
  const campaign = await post<{ id: string }>(
    page,
    `/api/v1/job-artifacts/${demoJobId}/campaign-workflows`,
    { name: `Running ${stamp}`, route: 'Issuer', cardProduct: 'Vcard', useCaseIds: [useCase.id] },
  );
  await post(page, `/api/v1/campaign-workflows/${campaign.id}/start`);

  await page.goto(`/jobs/${demoJobId}/details`);
  const manage = page.getByRole('region', { name: 'Manage job' });
  await manage.getByRole('button', { name: 'Delete job' }).click();
  let dialog = page.getByRole('dialog', { name: `Delete "${DEMO_JOBS.summary}"?` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    dialog.getByText(/^The job has \d+ active campaigns?; complete (it|them) before deleting/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await post(page, `/api/v1/campaign-workflows/${campaign.id}/complete`);

  // A job of one's own, still a Draft: cancelling keeps it, confirming deletes it.
  const issuers = (await (
    await page.request.get('/api/v1/job-artifacts/wizard/issuers')
  ).json()) as {
    id: string;
    buyers: { id: string }[];
  }[];
  const issuer = issuers.find((i) => i.buyers.length > 0)!;
  const name = `Delete me ${stamp}`;
  const created = await page.request.post(
    `/api/v1/job-artifacts?${new URLSearchParams({
      type: 'base',
      issuerId: issuer.id,
      buyerId: issuer.buyers[0]!.id,
      name,
      currency: 'GBP',
    })}`,
    { headers: CSRF },
  );
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { id: string };
  await page.goto(`/jobs/${job.id}/details`);
  await manage.getByRole('button', { name: 'Delete job' }).click();
  dialog = page.getByRole('dialog', { name: `Delete "${name}"?` });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await manage.getByRole('button', { name: 'Delete job' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/analysis$/);
  await expect(page.getByText('Job deleted')).toBeVisible();
  expect((await page.request.get(`/api/v1/job-artifacts/${job.id}`)).status()).toBe(404);
});
