import { expect, test } from '@playwright/test';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { signIn } from './support/sign-in';

// The scores are the job team's (SPEC §6: ptcoJobManager adds supplier scores); issuers see levels.
test('a job manager filters a job’s suppliers, opens one and reads its match and scores', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
  const jobId = await completedDemoJobId(page, DEMO_JOBS.summary);

  await page.goto(`/jobs/${jobId}/suppliers`);
  const grid = page.getByRole('grid', { name: 'Suppliers' });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('link').first()).toBeVisible({ timeout: 20_000 });
  // Name, country, spend, match, confidence, then the best candidate, its weight, the decision
  // and the predicted card acceptance; the scores follow in display order. The grid draws only the columns in view, so
  // the scores' places are read from their column indexes once scrolled to.
  // A job manager may decide matches: the grid then starts with its selection checkboxes.
  const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const offset = headers[0] === '' ? 1 : 0;
  expect(headers.slice(offset, offset + 5)).toEqual([
    'Supplier',
    'Country',
    'Spend',
    'Match',
    'Confidence',
  ]);
  await grid.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollBy(700, 0));
  for (const [name, index] of [
    ['Optima', 10],
    ['STP', 11],
    ['Virtual Card', 12],
    ['PCard', 13],
  ] as const) {
    await expect(grid.getByRole('columnheader', { name, exact: true })).toHaveAttribute(
      'aria-colindex',
      String(index + offset),
    );
  }
  await grid.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo({ left: 0 }));

  // Only card-accepting suppliers: every row shows MATCHED.
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters
    .getByRole('group', { name: 'Accepts card' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(grid.getByText('UNMATCHED')).toHaveCount(0);
  await expect(grid.getByText('MATCHED').first()).toBeVisible();

  // A country from the options the server lists for this job.
  await filters.getByRole('combobox', { name: 'Country' }).click();
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  // Options read "label (code)" when the chart names a value; the grid shows the code.
  const optionText = (await option.innerText()).trim();
  const country = /\(([^)]+)\)$/.exec(optionText)?.[1] ?? optionText;
  await option.click();
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('gridcell', { name: country, exact: true }).first()).toBeVisible();

  // A score above the field's maximum is refused.
  await filters.getByRole('spinbutton', { name: 'Score from' }).fill('101');
  await expect(filters.getByText('Enter a value between 0 and 100.')).toBeVisible();
  await filters.getByRole('spinbutton', { name: 'Score from' }).fill('');

  // The supplier screen: match evidence beside the merchant, and what drove each score.
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/suppliers/.+`));
  const match = page.getByRole('region', { name: 'Match' });
  await expect(match.getByRole('table', { name: 'Fields compared' })).toBeVisible();
  await expect(match.getByText(/Rule fired:/)).toBeVisible();
  const scores = page.getByRole('region', { name: 'Scores' });
  await expect(scores.getByRole('heading', { level: 4 })).toHaveCount(8);
  await expect(page.getByRole('region', { name: 'Payment behaviour' })).toBeVisible();
});

test('an issuer searches vendors with a typo and opens one', async ({ page }) => {
  await signIn(page, 'issuer@example.com', 'Issuer Demo');
  await page.goto('/vendors');
  const grid = page.getByRole('grid', { name: 'Vendors' });
  const first = grid.getByRole('link').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  const name = (await first.innerText()).trim();
  // Drop one letter from the middle of the name: still found.
  const mid = Math.floor(name.length / 2);
  const searched = page.waitForResponse(
    (res) =>
      res.url().endsWith('/api/v1/vendors/search') &&
      res.request().postData()?.includes('"name"') === true,
  );
  await page.getByRole('textbox', { name: 'Name' }).fill(name.slice(0, mid) + name.slice(mid + 1));
  expect((await searched).status()).toBe(200);
  await expect(grid.getByRole('link', { name, exact: true }).first()).toBeVisible();
  await grid.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('region', { name: 'Merchant' })).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
});
