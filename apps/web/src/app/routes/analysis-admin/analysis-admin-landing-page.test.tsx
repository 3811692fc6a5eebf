import type { CurrentUserProfile } from '@b2b/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const videoAdmin: CurrentUserProfile = {
  ...issuerProfile,
  permissions: ['StandardLayoutNavbar_VIEW', 'Analysis_Admin_Area_VIEW', 'VideoResources_CRUD'],
};

describe('AnalysisAdminLandingPage', () => {
  it('offers only the Analysis admin pages the user may open', async () => {
    mockApi(signedInApi(videoAdmin));
    renderApp('/admin/analysis-admin');
    const card = await screen.findByRole('link', { name: /Video Resources/ });
    expect(card.getAttribute('href')).toBe('/admin/analysis-admin/video-resources');
    expect(screen.queryByRole('link', { name: /Translations/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Confidence Rulesets/ })).toBeNull();
  });
});
