import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

/** A three-second VP8 WebM (17 KB), the demo seed's welcome video: Debian's Chromium plays it. */
const WEBM = fileURLToPath(
  new URL('../../server/src/modules/video-resources/data/getting-started.webm', import.meta.url),
);

test('a sysAdmin shares a video with clients, and a client finds it in the hub and plays it', async ({
  page,
  browser,
}) => {
  const title = `Journey clip ${Date.now()}`;
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await page.goto('/admin/analysis-admin/video-resources');
  await page.getByRole('link', { name: 'New video resource' }).click();
  const form = page.getByRole('form', { name: 'Video resource' });
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  await form.getByRole('textbox', { name: /^Tags/ }).fill('journey, video');
  await form.getByRole('combobox', { name: /^Audience roles/ }).click();
  await page.getByRole('option', { name: 'Client', exact: true }).click();
  await page.keyboard.press('Escape');
  await form.locator('input[type="file"]').setInputFiles(WEBM);
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const client = await browser.newPage();
  await signIn(client, 'client@example.com', 'Client Demo');
  await client.goto('/resource-hub');
  await client.getByRole('searchbox', { name: 'Search resources' }).fill(title);
  const card = client.getByRole('listitem', { name: title });
  await expect(card).toBeVisible();
  await expect(client.getByRole('list', { name: 'Resources' }).getByRole('listitem')).toHaveCount(
    1,
  );
  const video = card.getByLabel(`Video: ${title}`);
  // Muted, as the autoplay policy lets a script start only a silent video.
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration))
    .toBeGreaterThan(0);
  expect(
    await video.evaluate((element: HTMLVideoElement) => element.readyState),
  ).toBeGreaterThanOrEqual(1);
  await client.close();
});
