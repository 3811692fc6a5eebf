import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { seriousViolations } from './support/axe';

const spendFile = {
  name: 'spend.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('a,b\n1,2\n'),
};

async function openExamples(page: Page) {
  await signIn(page, 'developer@example.com', 'Developer Demo');
  await page.goto('/dev/examples');
  await expect(page.getByRole('button', { name: 'Open form dialog' })).toBeVisible();
}

async function fillJobForm(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Create example job' });
  await dialog.getByRole('textbox', { name: 'Job name' }).fill('Spend 2025');
  await dialog.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await dialog.getByRole('radio', { name: 'Consultant Upload' }).check();
  await dialog.getByRole('checkbox', { name: 'I confirm the data may be processed' }).check();
  await dialog.getByLabel('Spend file').setInputFiles(spendFile);
}

test('the form dialog validates, cannot be closed while submitting and ignores repeated clicks', async ({
  page,
}) => {
  await openExamples(page);
  await page.getByRole('button', { name: 'Open form dialog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create example job' });
  const yes = dialog.getByRole('button', { name: 'Yes', exact: true });
  const no = dialog.getByRole('button', { name: 'No', exact: true });
  await expect(yes).toBeVisible();
  await expect(no).toBeVisible();

  // Schema errors show as helper text under their fields; nothing is submitted.
  await yes.click();
  await expect(dialog.getByText('Job name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Choose a currency')).toBeVisible();
  await expect(dialog.getByText('Choose a job type')).toBeVisible();
  await expect(dialog.getByText('Please confirm before creating the job')).toBeVisible();
  await expect(dialog.getByText('Choose a spend file')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Job name' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText('Submit attempts: 0')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await fillJobForm(page);
  // Three clicks in one task, before React can re-render the button as busy.
  await yes.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
    button.click();
  });
  await expect(yes).toBeDisabled();
  await expect(no).toBeDisabled();

  // While submitting neither Escape nor a click on the backdrop closes it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  // The first submit fails like a server would: its message shows inside the dialog.
  await expect(dialog.getByRole('alert')).toHaveText(
    'A job with this name already exists (example: submit again).',
  );
  await expect(page.getByText('Submit attempts: 1')).toBeVisible();
  await expect(yes).toBeEnabled();

  await yes.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Submit attempts: 2')).toBeVisible();
  await expect(page.getByText('Last submitted: Spend 2025, EUR, advanced, 1 file')).toBeVisible();
});

test('No closes the dialog while idle', async ({ page }) => {
  await openExamples(page);
  await page.getByRole('button', { name: 'Open form dialog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create example job' });
  await dialog.getByRole('button', { name: 'No', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('a single file upload shows the file with a remove button and disables choosing', async ({
  page,
}) => {
  await openExamples(page);
  const field = page.getByRole('group', { name: 'Single file example' });
  const choose = field.getByRole('button', { name: 'Choose file' });
  await expect(choose).toBeEnabled();

  await field.getByLabel('Single file example').setInputFiles(spendFile);
  await expect(field.getByText('spend.csv')).toBeVisible();
  await expect(choose).toBeDisabled();

  await field.getByRole('button', { name: 'Remove spend.csv' }).click();
  await expect(field.getByText('spend.csv')).toBeHidden();
  await expect(choose).toBeEnabled();

  // Several files: every choice adds to the list, and choosing stays possible.
  const many = page.getByRole('group', { name: 'Several files example' });
  await many
    .getByLabel('Several files example')
    .setInputFiles([spendFile, { ...spendFile, name: 'invoices.csv' }]);
  await expect(many.getByText('spend.csv')).toBeVisible();
  await expect(many.getByText('invoices.csv')).toBeVisible();
  await expect(many.getByRole('button', { name: 'Choose files' })).toBeEnabled();
});

test('the async button ignores repeated clicks while its action runs', async ({ page }) => {
  await openExamples(page);
  const button = page.getByRole('button', { name: 'Run slow action' });
  await button.evaluate((element: HTMLButtonElement) => {
    element.click();
    element.click();
  });
  await expect(button).toBeDisabled();
  await expect(page.getByText('Runs finished: 1')).toBeVisible();
  await expect(button).toBeEnabled();
  await expect(page.getByText('Runs finished: 1')).toBeVisible();
});

test('the server data grid pages through the example data source', async ({ page }) => {
  await openExamples(page);
  expect(await seriousViolations(page)).toEqual([]);
  const grid = page.getByRole('grid', { name: 'Example suppliers' });
  await expect(grid.getByRole('gridcell', { name: 'Supplier 001' })).toBeVisible();
  await expect(page.getByText('1–25 of 137')).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(grid.getByRole('gridcell', { name: 'Supplier 026' })).toBeVisible();
});

test('toasts: at most 3, a detailed error with its panel, Copied! and Copied to clipboard', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openExamples(page);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Show success' }).click();
  await expect(page.getByText('Saved successfully')).toHaveCount(3);

  // The developer holds SystemNotificationsDetailed_VIEW: operation name plus message.
  await page.getByRole('button', { name: 'Show error' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Load example data' });
  await expect(toast).toContainText('The example service did not answer.');
  await toast.getByRole('button', { name: 'Show details' }).click();
  await expect(toast.getByText('supplierKey: Unknown supplier')).toBeVisible();
  await expect(toast.getByText('User id:')).toBeVisible();
  await expect(toast.getByText('Device:')).toBeVisible();
  await toast.getByRole('button', { name: 'Copy to Clipboard' }).click();
  await expect(toast.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'Operation: Load example data',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The persistent error toast lies over the lower left of the page, where the signed-in frame
  // puts this button: close it first. The success toasts leave after 5 s and the error toast
  // moves down when they do; a click during that move missed its button. Wait for them.
  await expect(page.getByText('Saved successfully')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
  await page.getByRole('button', { name: 'Copy example text' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  await expect(page.getByText('99+', { exact: true })).toBeVisible();
});
