import { expect, test } from '@playwright/test';
import { startCompaniesHouseServer } from '../../server/test/companies-house-server';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

// The server under test asks Companies House at E2E_PORT + 500 (playwright.config.ts).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 500;

let companiesHouse: Awaited<ReturnType<typeof startCompaniesHouseServer>>;

test.beforeAll(async () => {
  companiesHouse = await startCompaniesHouseServer({
    apiKey: 'e2e-companies-house-key',
    port: PORT,
    companies: [
      {
        company_number: '11111111',
        company_name: 'ZEPHYRINE WIDGETS LIMITED',
        company_status: 'active',
        type: 'ltd',
        date_of_creation: '2015-03-02',
        registered_office_address: {
          premises: '1',
          address_line_1: 'High Street',
          locality: 'London',
          postal_code: 'EC1A 1BB',
        },
        sic_codes: ['62012'],
        officers: { active_count: 3, resigned_count: 2 },
      },
    ],
    searches: { zephyrine: ['11111111'] },
  });
});
test.afterAll(() => companiesHouse.close());

test('a sysAdmin finds a UK company by name and reads its facts', async ({ page }) => {
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await page.goto('/tools/companies-house');
  await page.getByRole('textbox', { name: /Company name or number/ }).fill('zephyrine');
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('table', { name: 'Companies found' });
  await found.getByRole('button', { name: 'ZEPHYRINE WIDGETS LIMITED' }).click();

  const facts = page.getByRole('region', { name: 'Company', exact: true }).locator('dl');
  await expect(
    facts.getByText(
      '62012 — Division 62: Computer programming, consultancy and related activities',
    ),
  ).toBeVisible();
  await expect(facts.getByText('3 active, 2 resigned')).toBeVisible();
  await expect(facts.getByText('1 High Street, London, EC1A 1BB')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
