import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('NotFoundPage', () => {
  it('answers an unknown path with a page not found and a way home', async () => {
    const fetchMock = mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    // Nothing but the UI's strings: an unknown page asks the server for no data.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/v1/translations/bundles/en',
    ]);
  });
});
