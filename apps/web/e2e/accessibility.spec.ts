import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';
import { seriousViolations } from './support/axe';

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

test('the profile page has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Terms and privacy' })).toContainText('Agreed');
  await expect(page.getByRole('combobox', { name: 'Branding' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the navigation is reachable and usable from the keyboard', async ({ page }) => {
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const userManagement = nav.getByRole('link', { name: 'User Management' });
  await userManagement.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Management');
  await expect(userManagement).toHaveAttribute('aria-current', 'page');

  // The toggle collapses the navbar to icons (each still named) and the state survives a reload.
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(nav.getByRole('link', { name: 'DevOps' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
