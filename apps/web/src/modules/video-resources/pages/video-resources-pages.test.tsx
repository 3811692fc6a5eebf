import type { CurrentUserProfile, HubResource, VideoResource } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { issuerProfile } from '../../../test/fixtures';

const ID = '00000000-0000-4000-8000-00000000f001';
const ADMIN_API = '/api/v1/video-resources';
const HUB_API = '/api/v1/resource-hub/resources';

const admin: CurrentUserProfile = {
  ...issuerProfile,
  username: 'sysadmin@example.com',
  permissions: [
    'StandardLayoutNavbar_VIEW',
    'Analysis_Admin_Area_VIEW',
    'VideoResources_CRUD',
    'ResourceHubView',
  ],
};
const viewer: CurrentUserProfile = {
  ...issuerProfile,
  permissions: ['StandardLayoutNavbar_VIEW', 'ResourceHubView'],
};

const video: HubResource = {
  id: ID,
  title: 'Onboarding walkthrough',
  description: 'How to create your first job',
  tags: ['onboarding', 'jobs'],
  kind: 'video',
  contentType: 'video/webm',
  fileName: 'walkthrough.webm',
  sizeBytes: 2048,
  fileUpdatedAt: '2026-11-27T08:00:00.000Z',
};
const resource: VideoResource = {
  ...video,
  audienceRoles: ['issuer', 'client'],
  createdBy: 'sysadmin@example.com',
  updatedBy: 'sysadmin@example.com',
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
};

/** XMLHttpRequest as the upload uses it: answers 201 with `resource` and keeps the form. */
function fakeUploadServer() {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(method: string, url: string) {
      expect([method, url]).toEqual(['POST', ADMIN_API]);
    }
    setRequestHeader() {}
    send(body: FormData) {
      sent.push(body);
      setTimeout(() => {
        this.status = 201;
        this.responseText = JSON.stringify(resource);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('video resource administration', () => {
  it('lists the resources with their audience, searches and deletes after confirming', async () => {
    const fetchMock = mockApi({
      ...signedInApi(admin),
      [`GET ${ADMIN_API}`]: ({ query }) => ({
        body: { items: query.get('search') === 'zzz' ? [] : [resource] },
      }),
      [`DELETE ${ADMIN_API}/${ID}`]: { body: { id: ID } },
    });
    renderApp('/admin/analysis-admin/video-resources');
    const table = await screen.findByRole('table', { name: 'Video resources' });
    expect(within(table).getByRole('link', { name: 'Onboarding walkthrough' })).toBeTruthy();
    expect(within(table).getByText('Issuer, Client')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Delete Onboarding walkthrough' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Onboarding walkthrough?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `${ADMIN_API}/${ID}`)).toHaveLength(1));
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No resource matches your search.')).toBeTruthy();
  });

  it('uploads a new resource with its metadata before the file', async () => {
    mockApi({ ...signedInApi(admin), [`GET ${ADMIN_API}/${ID}`]: { body: resource } });
    const sent = fakeUploadServer();
    renderApp('/admin/analysis-admin/video-resources/create');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Video resource' });
    await user.type(
      within(form).getByRole('textbox', { name: /^Title/ }),
      'Onboarding walkthrough',
    );
    await user.type(within(form).getByRole('textbox', { name: /^Tags/ }), 'onboarding, jobs');
    await user.click(within(form).getByRole('combobox', { name: /^Audience roles/ }));
    await user.click(await screen.findByRole('option', { name: 'Issuer' }));
    const file = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'walkthrough.webm');
    await user.upload(within(form).getByLabelText(/^File/, { selector: 'input' }), file);
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Onboarding walkthrough' })).toBeTruthy();
    expect([...sent[0]!.keys()]).toEqual(['title', 'description', 'tags', 'audienceRoles', 'file']);
    expect(sent[0]!.get('tags')).toBe('["onboarding","jobs"]');
    expect(sent[0]!.get('audienceRoles')).toBe('["issuer"]');
  });
});

describe('the resource hub', () => {
  it('shows the shared resources with a named player, and filters by tag', async () => {
    mockApi({
      ...signedInApi(viewer),
      [`GET ${HUB_API}`]: ({ query }) => ({
        body: {
          items: query.get('tag') === 'jobs' || !query.get('tag') ? [video] : [],
          tags: ['jobs', 'onboarding'],
        },
      }),
    });
    renderApp('/resource-hub');
    const card = await screen.findByRole('listitem', { name: 'Onboarding walkthrough' });
    const player = within(card).getByLabelText('Video: Onboarding walkthrough');
    expect(player.getAttribute('src')).toBe(`${HUB_API}/${ID}/content`);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'jobs' }));
    expect(await screen.findByRole('listitem', { name: 'Onboarding walkthrough' })).toBeTruthy();
  });

  it('says when nothing is shared with the user roles', async () => {
    mockApi({ ...signedInApi(viewer), [`GET ${HUB_API}`]: { body: { items: [], tags: [] } } });
    renderApp('/resource-hub');
    expect(await screen.findByText('Nothing has been shared with your roles yet.')).toBeTruthy();
  });
});
