import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { seriousViolations } from './support/axe';

const unique = () => Math.random().toString(36).slice(2, 8);

async function createIssuer(page: Page, name: string, key: string) {
  await page.goto('/admin/issuer-manager');
  await page.getByRole('link', { name: 'Create issuer' }).click();
  await expect(page).toHaveURL('/admin/issuer-manager/create');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Issuer key/).fill(key);
  await page.getByLabel(/^Currency/).fill('ABC');
  await page.getByLabel(/^Fallback country/).fill('GBR');
  await page.getByRole('button', { name: 'Create issuer' }).click();
  // The server checks the code against ISO 4217 and names the field.
  await expect(page.getByText(/must be an ISO 4217 currency code/).first()).toBeVisible();
  await page.getByLabel(/^Currency/).fill('GBP');
  await page.getByRole('button', { name: 'Create issuer' }).click();
  await expect(page).toHaveURL(/\/admin\/issuer-manager\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

test('a system administrator creates an issuer, edits it and finds it in the list', async ({
  page,
}) => {
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  const name = `Journey Bank ${unique()}`;
  await createIssuer(page, name, `journey-${unique()}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(/You have write access until/)).toBeVisible();

  await page.getByLabel(/^Name/).fill(`${name} Renamed`);
  // The data downloads' datapoint profiles are chosen by name.
  await page.getByRole('combobox', { name: 'Analysis data download profile' }).click();
  await page.getByRole('option', { name: 'Full analysis download' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/updated\./).first()).toBeVisible();
  await expect(page.getByText(/^Version 2/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Analysis data download profile' })).toHaveText(
    'Full analysis download',
  );

  await page.goto('/admin/issuer-manager');
  const grid = page.getByRole('grid', { name: 'Issuers' });
  await expect(grid.getByText(`${name} Renamed`)).toBeVisible();

  await page.goto('/admin/system-logs');
  await expect(
    page.getByRole('grid', { name: 'System logs' }).getByText('IssuerUpdated').first(),
  ).toBeVisible();
});

async function openAs(browser: Browser, username: string, displayName: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, displayName);
  await page.goto(path);
  return { context, page };
}

test('two people contend for the same issuer: request, deny, force', async ({ browser }) => {
  // Two browsers, each signing in, while the demo jobs run at start: slow on a busy CI machine.
  test.setTimeout(150_000);
  const admin = await openAs(
    browser,
    'sysadmin@example.com',
    'Sys Admin Demo',
    '/admin/issuer-manager',
  );
  const id = await createIssuer(admin.page, `Contended Bank ${unique()}`, `contended-${unique()}`);
  await expect(admin.page.getByText(/You have write access until/)).toBeVisible();

  const tester = await openAs(
    browser,
    'tester@example.com',
    'Tester Demo',
    `/admin/issuer-manager/${id}`,
  );
  const other = tester.page;
  await expect(other.getByText(/Read only: .*\(sysadmin@example\.com\) is editing/)).toBeVisible();
  await expect(other.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // Both see who is viewing, the holder marked as editing.
  await expect(other.getByText('sysadmin@example.com (editing)')).toBeVisible();
  // The navbar's active-users quick view says who is where, with no serious axe violation.
  // From the keyboard: the 'Issuer created' notification may still cover the navbar's foot.
  await admin.page.getByRole('button', { name: /^Active users: \d+ others?/ }).focus();
  await admin.page.keyboard.press('Enter');
  const whoIsWhere = admin.page.getByRole('table', { name: 'Active users' });
  await expect(
    whoIsWhere.getByRole('row', { name: /Tester Demo tester@example\.com Issuer: Contended Bank/ }),
  ).toBeVisible();
  expect(await seriousViolations(admin.page)).toEqual([]);
  await admin.page.keyboard.press('Escape');

  await other.getByRole('button', { name: 'Request write access' }).click();
  await expect(admin.page.getByText(/\(tester@example\.com\) asks for write access/)).toBeVisible();
  await admin.page.getByRole('button', { name: 'Deny' }).click();
  await expect(other.getByText(/Your request was denied/)).toBeVisible();

  await other.getByRole('button', { name: 'Force' }).click();
  await expect(other.getByText(/You have write access until/)).toBeVisible();
  await expect(
    admin.page.getByText(/Read only: .*\(tester@example\.com\) is editing/),
  ).toBeVisible();
  await expect(admin.page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  await admin.context.close();
  await tester.context.close();
});
