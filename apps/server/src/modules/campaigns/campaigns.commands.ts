import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import {
  type CommandRegistry,
  defineCommandHandler,
  type RecurringCommand,
} from '../proq/command-registry.js';
import type { CampaignsService } from './campaigns.service.js';
import type { OutreachService } from './outreach.service.js';

/**
 * Sends every due e-mail step (day 0 and the follow-ups of the cadence) and closes campaigns
 * past their close day. Idempotent: a step is claimed (`sending`) before it is sent and marked
 * `sent` after the server's 250, so a second run (or one in another worker) sends nothing
 * twice, and a step a killed run left `sending` is sent again with the same Message-ID.
 */
function campaignOutreachHandler(deps: {
  outreach: Pick<OutreachService, 'sendDue' | 'closeDue'>;
  campaigns: Pick<CampaignsService, 'close'>;
}) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.campaignOutreach,
    maxAttempts: 3,
    stuckTimeOutInSeconds: 3600,
    async run() {
      const closed = await deps.outreach.closeDue(new Date(), (id, at) =>
        deps.campaigns.close(id, at),
      );
      const { sent, refused } = await deps.outreach.sendDue();
      return {
        message: `Sent ${sent} e-mail(s), ${refused} refused; closed ${closed} campaign(s)`,
        result: { sent, refused, closed },
      };
    },
  });
}

/** Every minute: follow-ups fall due by the day, day 0 is also queued when a campaign starts. */
const CAMPAIGN_OUTREACH_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.campaignOutreach,
  cron: '* * * * *',
};

/** The campaigns module's ProQ command and its schedule, registered by services.ts. */
export function registerCampaignCommands(
  registry: CommandRegistry,
  services: {
    outreach: Pick<OutreachService, 'sendDue' | 'closeDue'>;
    campaigns: Pick<CampaignsService, 'close'>;
  },
): void {
  registry.register(campaignOutreachHandler(services));
  registry.schedule(CAMPAIGN_OUTREACH_SCHEDULE);
}
