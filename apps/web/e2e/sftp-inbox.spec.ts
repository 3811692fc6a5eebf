import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type TestSftpServer, startTestSftpServer } from '../../server/test/sftp-server';
import { signIn } from './support/sign-in';

const CSV = [
  'Vendor ID,Supplier Name,Address,City,Post Code,Country,Annual Spend',
  'V000001,Acme Office Supplies Ltd,12 High Street,London,EC1A 1BB,GB,12450.00',
  'V000002,Northern Freight Services Limited,4 Dock Road,Hull,HU1 2AB,GB,88120.50',
].join('\r\n');

let server: TestSftpServer;

test.beforeAll(async () => {
  // A real SFTP server on loopback, serving a folder with one supplier file.
  server = await startTestSftpServer();
  fs.mkdirSync(path.join(server.root, 'outgoing'));
  fs.writeFileSync(path.join(server.root, 'outgoing', 'suppliers-june.csv'), CSV);
});
test.afterAll(async () => {
  await server.close();
  fs.rmSync(server.root, { recursive: true, force: true });
});

test('a sysAdmin configures an SFTP inbox, tests it, polls it and opens the job', async ({
  page,
}) => {
  await signIn(page, 'sysadmin@example.com', 'Sys Admin Demo');
  await page.goto('/devops/sftp-configuration');
  await page.getByRole('link', { name: 'New SFTP inbox' }).click();
  await expect(page).toHaveURL('/devops/sftp-configuration/create');

  const form = page.getByRole('form', { name: 'SFTP inbox settings' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('June drop');
  // A demo issuer with buyers: other journeys add issuers that have none.
  await form.getByRole('combobox', { name: /^Issuer/ }).click();
  await page.getByRole('option', { name: /^PayTech Bank/ }).click();
  await form.getByRole('combobox', { name: /^Buyer/ }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('textbox', { name: /^Host\W*$/ }).fill(server.host);
  await form.getByRole('spinbutton', { name: /^Port/ }).fill(String(server.port));
  await form.getByRole('textbox', { name: /^User/ }).fill(server.username);
  await form.getByLabel(/^Password/).fill(server.password);
  await form
    .getByRole('textbox', { name: /^Host key fingerprint/ })
    .fill(server.hostKeyFingerprint);
  await form.getByRole('textbox', { name: /^Remote folder/ }).fill('/outgoing');
  // Off the schedule: the scheduler polls an enabled inbox at its next tick, which could move
  // the file to processed/ before the connection test lists it. "Poll now" still polls it.
  await form.getByRole('switch', { name: 'Enabled' }).uncheck();
  await form.getByRole('button', { name: 'Create inbox' }).click();

  await expect(page.getByRole('heading', { name: 'June drop' })).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toContainText('the host key matches; 1 file(s)');

  await page.getByRole('button', { name: 'Poll now' }).click();
  const files = page.getByRole('table', { name: 'Recent files' });
  await expect(files.getByText('Job submitted, moved to processed/')).toBeVisible({
    timeout: 30_000,
  });
  await files.getByRole('link', { name: 'Open the job' }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]+\/details$/);
  await expect(page.getByText('June drop: suppliers-june.csv').first()).toBeVisible();
});
