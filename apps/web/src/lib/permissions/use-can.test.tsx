import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withSession } from '../../test/session-test-wrapper';
import { useCan } from './use-can';

describe('useCan', () => {
  it('is true for a permission the signed-in user holds', () => {
    const { Wrapper } = withSession(['Dashboard_VIEW', 'User_CRUD']);
    const { result } = renderHook(() => useCan('User_CRUD'), { wrapper: Wrapper });
    expect(result.current).toBe(true);
  });

  it('is false for a permission the user lacks', () => {
    const { Wrapper } = withSession(['Dashboard_VIEW']);
    const { result } = renderHook(() => useCan('User_CRUD'), { wrapper: Wrapper });
    expect(result.current).toBe(false);
  });

  it('requires every permission of a list', () => {
    const { Wrapper } = withSession(['Dashboard_VIEW', 'User_CRUD']);
    const { result } = renderHook(
      () => ({
        both: useCan(['Dashboard_VIEW', 'User_CRUD']),
        oneMissing: useCan(['Dashboard_VIEW', 'DevArea_CRUD']),
        none: useCan([]),
      }),
      { wrapper: Wrapper },
    );
    expect(result.current).toEqual({ both: true, oneMissing: false, none: true });
  });

  it('is false while nobody is signed in', async () => {
    const { Wrapper, queryClient } = withSession(null);
    const { result } = renderHook(() => useCan('Dashboard_VIEW'), { wrapper: Wrapper });
    expect(result.current).toBe(false);
    await waitFor(() =>
      expect(queryClient.getQueryState(['auth', 'session'])?.status).toBe('error'),
    );
    expect(result.current).toBe(false);
  });
});
