import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';

/** Serious and critical axe violations, reduced to what a failure message needs. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('the sign-in page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the signed-in home page has no serious or critical accessibility violations', async ({
  page,
}) => {
  await signIn(page, 'issuer@example.com', 'Issuer Demo');
  expect(await seriousViolations(page)).toEqual([]);
});
