import { THEMES, type ThemeKey } from '@b2b/contract';
import { expect, test } from '@playwright/test';
import { hostUrl } from './support/api';
import { DUMMY_ID } from './support/concrete-path';
import { signIn } from './support/sign-in';

const THEME_KEYS = Object.keys(THEMES) as ThemeKey[];

/** The sign-in page of each branding's own host name (the default theme on localhost). */
const LOGIN_HOSTS = [
  'localhost',
  'paytech.localhost',
  'mastercard.localhost',
  'lloyds.localhost',
  'test.localhost',
  'hsbc.localhost',
];

test('each of the six themes looks different, on screen and printable (screenshots kept)', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // The PTCO job manager holds Toolbar_Theme_Switcher_VIEW.
  await signIn(page, 'ptcojobmanager@example.com', 'Ptco Job Manager Demo');
  const looks = new Set<string>();
  for (const key of THEME_KEYS) {
    await page.goto('/');
    await page.getByRole('button', { name: 'Preview a theme' }).click();
    await page.getByRole('menuitemradio', { name: new RegExp(`^${THEMES[key]}:`) }).click();
    await expect(page.getByRole('menu')).toBeHidden();
    const toolbar = page.locator('[data-frame="standard"] header .MuiAppBar-root');
    const look = await toolbar.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.backgroundColor} ${style.fontFamily}`;
    });
    looks.add(look);
    await page.screenshot({ path: testInfo.outputPath(`theme-${key}.png`) });

    await page.goto(`/jobs/${DUMMY_ID}/printable/insights`);
    await expect(page.locator('[data-frame="printable"]')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`theme-${key}-printable.png`) });
  }
  expect(looks.size).toBe(THEME_KEYS.length);
});

test('each branding host shows its own sign-in page (screenshots kept)', async ({
  page,
}, testInfo) => {
  const logos = new Set<string>();
  for (const host of LOGIN_HOSTS) {
    await page.goto(`${hostUrl(host)}/login`);
    const logo = page.getByTestId('brand-logo');
    await expect(logo).toBeVisible();
    logos.add((await logo.textContent()) ?? '');
    await page.screenshot({ path: testInfo.outputPath(`login-${host}.png`) });
  }
  expect(logos.size).toBe(LOGIN_HOSTS.length);
});
