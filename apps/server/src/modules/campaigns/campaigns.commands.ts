import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import {
  type CommandRegistry,
  defineCommandHandler,
  PermanentCommandError,
  type RecurringCommand,
} from '../proq/command-registry.js';
import type { BounceMailboxSettings } from '../../config.js';
import { readBounceMailbox } from './bounce-mailbox.js';
import type { BouncesService } from './bounces.service.js';
import type { CampaignsService } from './campaigns.service.js';
import type { OutreachService } from './outreach.service.js';
import { uiText } from '../../lib/ui-text.js';

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
        message: uiText(`Sent ${sent} e-mail(s), ${refused} refused; closed ${closed} campaign(s)`),
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

/**
 * Reads the bounce mailbox (CAMPAIGN_BOUNCE_MAILBOX_URL; SPEC §3 tracker: bounced): each unseen
 * message quoting a campaign e-mail is recorded as the paste route records it, then flagged
 * \Seen; any other is flagged \Seen and counted as ignored, never deleted. Each message is
 * recorded in its own transaction before it is flagged, and recording is idempotent, so a run
 * cut short between the two records nothing twice. A mailbox that cannot be read ends the
 * command in Error with the server's words: the next run comes in 5 minutes anyway.
 */
function readCampaignBouncesHandler(deps: {
  bounces: Pick<BouncesService, 'recordFromMailbox'>;
  mailbox: BounceMailboxSettings | undefined;
}) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.readCampaignBounces,
    maxAttempts: 1,
    stuckTimeOutInSeconds: 600,
    async run({ log }) {
      if (!deps.mailbox) return { message: uiText('No bounce mailbox configured') };
      let tally;
      try {
        tally = await readBounceMailbox(deps.mailbox, async (raw) => {
          const recorded = await deps.bounces.recordFromMailbox(raw);
          if (recorded.outcome === 'ignored') {
            await log(uiText(`Ignored a message: ${recorded.reason}`));
          } else {
            const { supplierKey, effect, status } = recorded.result;
            await log(
              `Campaign ${recorded.campaignId}, supplier ${supplierKey}: ${effect} (${status})`,
            );
          }
          return recorded.outcome;
        });
      } catch (error) {
        throw new PermanentCommandError(error instanceof Error ? error.message : String(error));
      }
      return {
        message: uiText(
          `Read ${tally.read} message(s): ${tally.recorded} bounce(s) recorded, ${tally.ignored} ignored`,
        ),
        result: tally,
      };
    },
  });
}

/** Every 5 minutes: a bounce usually arrives minutes to hours after the e-mail was sent. */
const READ_CAMPAIGN_BOUNCES_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.readCampaignBounces,
  cron: '*/5 * * * *',
};

/** The campaigns module's ProQ commands and their schedules, registered by services.ts. */
export function registerCampaignCommands(
  registry: CommandRegistry,
  services: {
    outreach: Pick<OutreachService, 'sendDue' | 'closeDue'>;
    campaigns: Pick<CampaignsService, 'close'>;
    bounces: Pick<BouncesService, 'recordFromMailbox'>;
  },
  bounceMailbox: BounceMailboxSettings | undefined,
): void {
  registry.register(campaignOutreachHandler(services));
  registry.schedule(CAMPAIGN_OUTREACH_SCHEDULE);
  registry.register(
    readCampaignBouncesHandler({ bounces: services.bounces, mailbox: bounceMailbox }),
  );
  registry.schedule(READ_CAMPAIGN_BOUNCES_SCHEDULE);
}
