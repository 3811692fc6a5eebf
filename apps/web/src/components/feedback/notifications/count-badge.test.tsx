import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { badgeCountText, CountBadge } from './count-badge';

describe('badgeCountText', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%d reads %s', (count, text) => {
    expect(badgeCountText(count)).toBe(text);
  });
});

describe('CountBadge', () => {
  it('shows the count on its children, capped at 99+', () => {
    const { rerender } = render(
      <CountBadge count={42}>
        <span>Commands</span>
      </CountBadge>,
    );
    expect(screen.getByText('42')).toBeTruthy();
    rerender(
      <CountBadge count={150}>
        <span>Commands</span>
      </CountBadge>,
    );
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.queryByText('150')).toBeNull();
  });

  it('tells screen readers what is counted', () => {
    render(
      <CountBadge count={120} label="Queued commands">
        <span>Commands</span>
      </CountBadge>,
    );
    expect(screen.getByText('99+').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Queued commands: 99+')).toBeTruthy();
  });

  it('hides a zero unless asked to show it', () => {
    const { rerender } = render(
      <CountBadge count={0}>
        <span>Commands</span>
      </CountBadge>,
    );
    expect(screen.queryByText('0')).toBeNull();
    rerender(
      <CountBadge count={0} showZero>
        <span>Commands</span>
      </CountBadge>,
    );
    expect(screen.getByText('0').className).not.toContain('MuiBadge-invisible');
  });
});
