import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AsyncButton } from './async-button';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('AsyncButton', () => {
  it('ignores repeated clicks while its action runs and shows progress', async () => {
    const pending = deferred();
    const action = vi.fn(() => pending.promise);
    const user = userEvent.setup();
    render(<AsyncButton onClick={action}>Recalculate</AsyncButton>);
    const button = screen.getByRole('button', { name: 'Recalculate' }) as HTMLButtonElement;

    await user.dblClick(button);
    expect(action).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('progressbar')).toBeTruthy();

    pending.resolve();
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(button.getAttribute('aria-busy')).toBe('false');
    await user.click(button);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to onError and becomes clickable again', async () => {
    const failure = new Error('boom');
    const onError = vi.fn();
    const user = userEvent.setup();
    render(
      <AsyncButton onClick={() => Promise.reject(failure)} onError={onError}>
        Send
      </AsyncButton>,
    );
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    await user.click(button);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(button.disabled).toBe(false);
  });

  it('shows progress and ignores clicks while the parent says it is pending', async () => {
    const action = vi.fn();
    render(
      <AsyncButton pending onClick={action}>
        Save
      </AsyncButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    button.click();
    expect(action).not.toHaveBeenCalled();
  });
});
