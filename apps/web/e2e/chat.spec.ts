import { expect, test } from '@playwright/test';
import { submitSignIn } from './support/sign-in';

test('an issuer asks the chat assistant a product question and gets an answer with its source', async ({
  page,
}) => {
  await page.goto('/login');
  await submitSignIn(page, 'issuer@example.com');
  await expect(page).toHaveURL('/');

  // The user guide is indexed at start, so the health check passes and the button shows.
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat assistant' });
  await expect(panel.getByText('Hello! I answer questions')).toBeVisible();

  const question = panel.getByRole('textbox', { name: 'Your question' });
  await question.fill('On which days are follow-up e-mails of a campaign sent?');
  await question.press('Enter');

  const conversation = panel.getByRole('log', { name: 'Conversation' });
  await expect(
    conversation.getByText('On which days are follow-up e-mails of a campaign sent?'),
  ).toBeVisible();
  await expect(conversation.getByText(/days 8 and 12/)).toBeVisible();
  const source = panel.getByRole('region', { name: 'Sources' }).getByRole('button', {
    name: '06-use-cases-and-campaigns.md, page 3',
  });
  await expect(source).toBeVisible();
  await source.click();
  await expect(panel.locator('blockquote')).toContainText('closes at day 14');

  await panel.getByRole('button', { name: 'Reset conversation' }).click();
  await expect(conversation.getByText(/days 8 and 12/)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close chat' }).click();
  await expect(panel).toHaveCount(0);
});
