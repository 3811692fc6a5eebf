import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyPermission } from '@b2b/contract';
import { PermissionGuard, type PermissionGuardProps } from './permission-guard';
import { withSession } from '../../test/session-test-wrapper';

function renderGuarded(permissions: AnyPermission[], guard: Partial<PermissionGuardProps>) {
  const { Wrapper } = withSession(permissions);
  return render(
    <Wrapper>
      <PermissionGuard permissions="User_CRUD" {...guard}>
        <button type="button">Create user</button>
      </PermissionGuard>
    </Wrapper>,
  );
}

describe('PermissionGuard', () => {
  it('shows its children to a user holding the permission', () => {
    renderGuarded(['User_CRUD'], {});
    expect(screen.getByRole('button', { name: 'Create user' })).toBeTruthy();
  });

  it('hides them from a user without it', () => {
    renderGuarded(['Dashboard_VIEW'], {});
    expect(screen.queryByRole('button', { name: 'Create user' })).toBeNull();
  });

  it('renders the fallback in their place', () => {
    renderGuarded(['Dashboard_VIEW'], { fallback: <p>Ask an administrator</p> });
    expect(screen.getByText('Ask an administrator')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('needs every permission of a list', () => {
    renderGuarded(['User_CRUD'], { permissions: ['User_CRUD', 'DevArea_CRUD'] });
    expect(screen.queryByRole('button', { name: 'Create user' })).toBeNull();
  });

  it('inverted, shows the children only to users lacking the permission', () => {
    renderGuarded(['Dashboard_VIEW'], { inverted: true });
    expect(screen.getByRole('button', { name: 'Create user' })).toBeTruthy();
  });

  it('inverted, hides them from holders and shows the fallback', () => {
    renderGuarded(['User_CRUD'], { inverted: true, fallback: <p>Already allowed</p> });
    expect(screen.queryByRole('button', { name: 'Create user' })).toBeNull();
    expect(screen.getByText('Already allowed')).toBeTruthy();
  });
});
