import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withSession } from '../../../test/session-test-wrapper';
import { BounceRecorder } from './bounce-recorder';

const CAMPAIGN_ID = '77777777-7777-4777-8777-777777777777';

function renderRecorder(readAutomatically: boolean) {
  const { Wrapper } = withSession(['CampaignManager_Feature_VIEW']);
  render(
    <Wrapper>
      <BounceRecorder campaignId={CAMPAIGN_ID} readAutomatically={readAutomatically} />
    </Wrapper>,
  );
}

describe('BounceRecorder', () => {
  it('says that bounces are read from the bounce mailbox when one is configured', async () => {
    renderRecorder(true);
    expect(
      await screen.findByText(
        'Bounces are read automatically from the bounce mailbox every 5 minutes. Paste one here only if it arrived elsewhere.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Bounce message' })).toBeTruthy();
  });

  it('says that each bounce must be pasted when no mailbox is configured', async () => {
    renderRecorder(false);
    expect(
      await screen.findByText(
        'No bounce mailbox is configured: bounces are not read automatically. Paste each one here.',
      ),
    ).toBeTruthy();
  });
});
