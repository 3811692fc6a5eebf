import { MESSAGES, type AnyPermission } from '@b2b/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { withSession } from '../../../test/session-test-wrapper';
import { NotificationsProvider } from './notifications-provider';
import { useCopyToClipboard } from './use-copy-to-clipboard';
import { useNotify } from './use-notify';

const failure = new ApiError(422, 'Currency must be exactly 3 characters.', 'validation', [
  { field: 'currency', message: 'must be 3 characters' },
]);

function Buttons() {
  const notify = useNotify();
  const copy = useCopyToClipboard();
  return (
    <>
      {[1, 2, 3, 4].map((n) => (
        <button key={n} type="button" onClick={() => notify.success(`Saved ${n}`)}>
          Success {n}
        </button>
      ))}
      <button type="button" onClick={() => notify.info('x'.repeat(1500))}>
        Long
      </button>
      <button type="button" onClick={() => notify.error(failure, { operation: 'Save issuer' })}>
        Fail
      </button>
      <button type="button" onClick={() => void copy('INV-1001')}>
        Copy
      </button>
    </>
  );
}

function renderNotifications(permissions: AnyPermission[]) {
  const { Wrapper, user: profile } = withSession(permissions);
  render(
    <Wrapper>
      <NotificationsProvider>
        <Buttons />
      </NotificationsProvider>
    </Wrapper>,
  );
  return { user: userEvent.setup(), profile };
}

describe('notifications', () => {
  it('shows at most 3 at once, the newest ones', async () => {
    const { user } = renderNotifications([]);
    for (const n of [1, 2, 3, 4])
      await user.click(screen.getByRole('button', { name: `Success ${n}` }));
    expect(await screen.findByText('Saved 4')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Saved 1')).toBeNull());
    expect(screen.getAllByText(/^Saved \d$/)).toHaveLength(3);
  });

  it('shows each toast as an alert with a close button', async () => {
    const { user } = renderNotifications([]);
    await user.click(screen.getByRole('button', { name: 'Success 1' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Saved 1')).toBeTruthy();
    expect(alert.className).toContain('MuiAlert-colorSuccess');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Saved 1')).toBeNull());
  });

  it('truncates texts over 1000 characters', async () => {
    const { user } = renderNotifications([]);
    await user.click(screen.getByRole('button', { name: 'Long' }));
    const toast = await screen.findByText(/^x+…$/);
    expect(toast.textContent).toHaveLength(1000);
  });

  it('shows the operation and the message to SystemNotificationsDetailed_VIEW holders', async () => {
    const { user } = renderNotifications(['SystemNotificationsDetailed_VIEW']);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Save issuer')).toBeTruthy();
    expect(within(alert).getByText('Currency must be exactly 3 characters.')).toBeTruthy();
    expect(within(alert).queryByText(MESSAGES.genericProblem)).toBeNull();
  });

  it('shows the generic problem text to everybody else', async () => {
    const { user } = renderNotifications(['Dashboard_VIEW']);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.genericProblem)).toBeTruthy();
    expect(within(alert).queryByText(/Save issuer|Currency/)).toBeNull();
  });

  it('expands to messages, user id, url, date and device, and copies them', async () => {
    const { user, profile } = renderNotifications(['SystemNotificationsDetailed_VIEW']);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = await screen.findByRole('alert');
    const toggle = within(alert).getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const messages = within(alert).getByRole('list', { name: 'Messages' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Currency must be exactly 3 characters.', 'currency: must be 3 characters']);
    expect(within(alert).getByText(profile.id)).toBeTruthy();
    expect(within(alert).getByText(window.location.href)).toBeTruthy();
    expect(within(alert).getByText(navigator.userAgent)).toBeTruthy();
    expect(within(alert).getByText(/^\d{4}-\d\d-\d\dT/)).toBeTruthy();

    await user.click(within(alert).getByRole('button', { name: MESSAGES.copyToClipboard }));
    expect(await within(alert).findByRole('button', { name: MESSAGES.copied })).toBeTruthy();
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('Operation: Save issuer');
    expect(copied).toContain(`User id: ${profile.id}`);
    expect(copied).toContain(`Device: ${navigator.userAgent}`);
  });

  it('error toasts stay until closed', async () => {
    const { user } = renderNotifications([]);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.genericProblem)).toBeNull());
  });

  it("copying elsewhere says 'Copied to clipboard'", async () => {
    const { user } = renderNotifications([]);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(MESSAGES.copiedToClipboard)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('INV-1001');
  });
});
