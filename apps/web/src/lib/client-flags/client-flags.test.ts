import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isClientFlagStored, readClientFlag, useClientFlag, useRefetchInterval } from './index';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('client flags', () => {
  it('default to on (SPEC.md section 9)', () => {
    expect(readClientFlag('idleAutoLogout')).toBe(true);
    expect(readClientFlag('queriesRefetch')).toBe(true);
    expect(readClientFlag('serverSideRendering')).toBe(true);
    expect(isClientFlagStored('queriesRefetch')).toBe(false);
  });

  it('keep idle auto-logout in session storage and the others in local storage', () => {
    const idle = renderHook(() => useClientFlag('idleAutoLogout'));
    const refetch = renderHook(() => useClientFlag('queriesRefetch'));
    act(() => idle.result.current[1](false));
    act(() => refetch.result.current[1](false));
    expect(sessionStorage.getItem('b2b.idleAutoLogout')).toBe('false');
    expect(localStorage.getItem('b2b.queriesRefetch')).toBe('false');
    expect(idle.result.current[0]).toBe(false);
  });

  it('turn polling off everywhere when queries-refetch is off', () => {
    const interval = renderHook(() => useRefetchInterval(4000));
    expect(interval.result.current).toBe(4000);
    const flag = renderHook(() => useClientFlag('queriesRefetch'));
    act(() => flag.result.current[1](false));
    expect(interval.result.current).toBe(false);
  });

  it('ignore a stored value that is not a boolean', () => {
    localStorage.setItem('b2b.serverSideRendering', 'maybe');
    expect(readClientFlag('serverSideRendering')).toBe(true);
  });
});
