import { expect, test, type Locator } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { DEMO_JOBS, completedDemoJobId } from './support/demo-jobs';
import { signIn } from './support/sign-in';

/** A supplier's row in the grid, found by its name link. */
const rowOf = (grid: Locator, name: string) =>
  grid.getByRole('row').filter({ has: grid.page().getByRole('link', { name, exact: true }) });

test('a job manager works through the candidates to review: confirms one, rejects another', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signIn(page, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
  // The Matched Data Only job: matched, not scored, and no other journey reads it, so its
  // decisions disturb nobody.
  const jobId = await completedDemoJobId(page, DEMO_JOBS.matchOnly);

  await page.goto(`/jobs/${jobId}/suppliers`);
  const grid = page.getByRole('grid', { name: 'Suppliers' });
  await expect(grid.getByRole('link').first()).toBeVisible({ timeout: 20_000 });
  const toggle = page.getByRole('button', { name: /^Candidates to review \(\d+\)$/ });
  await expect(toggle).toBeVisible();
  const waiting = Number(/\((\d+)\)/.exec(await toggle.innerText())?.[1]);
  expect(waiting).toBeGreaterThanOrEqual(2);

  // The queue: the undecided Low and Medium candidates, each with its best candidate shown.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('button', { name: `Candidates to review (${waiting})` }),
  ).toBeVisible();
  const rows = grid.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByText(/^(Low|Medium)$/)).toBeVisible();
  const links = [rows.nth(0).getByRole('link'), rows.nth(1).getByRole('link')];
  const [first, second] = await Promise.all(links.map(async (l) => (await l.innerText()).trim()));
  const [firstHref, secondHref] = await Promise.all(links.map((l) => l.getAttribute('href')));
  expect(first).not.toBe(second);
  // The review controls pass axe. (The grid's amber Medium chips and disabled helper texts
  // fail colour contrast already, on every supplier page: a theme matter, not checked here.)
  expect(await seriousViolations(page, '[role="toolbar"][aria-label="Match decisions"]')).toEqual(
    [],
  );

  // Choose both, then keep the first only, and confirm its candidate.
  await rowOf(grid, first!).getByRole('checkbox').check();
  await rowOf(grid, second!).getByRole('checkbox').check();
  await expect(page.getByText('2 suppliers selected')).toBeVisible();
  await rowOf(grid, second!).getByRole('checkbox').uncheck();
  await expect(page.getByText('1 supplier selected')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm 1 candidate?' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('1 candidate confirmed')).toBeVisible();
  // Decided: it leaves the queue.
  await expect(grid.getByRole('link', { name: first!, exact: true })).toHaveCount(0);

  // The job is matched again; once it has completed the next decision can be made.
  const reject = page.getByRole('button', { name: 'Reject selected' });
  await expect(reject).toBeVisible({ timeout: 180_000 });
  await expect(rowOf(grid, second!)).toBeVisible({ timeout: 20_000 });
  await rowOf(grid, second!).getByRole('checkbox').check();
  await reject.click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject 1 match?' });
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('1 match rejected')).toBeVisible();
  await expect(grid.getByRole('link', { name: second!, exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: `Candidates to review (${waiting - 2})` }),
  ).toBeVisible({
    timeout: 180_000,
  });

  // Each supplier now shows the person's decision.
  await page.goto(firstHref!);
  let match = page.getByRole('region', { name: 'Match' });
  await expect(match.getByText('Set by a person')).toBeVisible();
  await expect(match.getByText('MATCHED', { exact: true })).toBeVisible();
  await expect(match.getByText(/^merchant by ptcojobmanager@example\.com/)).toBeVisible();
  await page.goto(secondHref!);
  match = page.getByRole('region', { name: 'Match' });
  await expect(match.getByText('Rejected by a person')).toBeVisible();
  await expect(match.getByText('UNMATCHED', { exact: true })).toBeVisible();
});
