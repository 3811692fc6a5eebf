import { randomUUID } from 'node:crypto';
import {
  CARD_PRODUCT_INFO,
  type CampaignMergeField,
  type CardProduct,
  renderMergeFields,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { linkTokenHash, newLinkToken } from '../../lib/link-tokens.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { MailService } from '../mail/mail.service.js';
import { createCampaignJobRead } from './campaign-job.read.js';
import type { VisibleCampaign } from './campaign-lookup.js';
import { checkMergeFields } from './campaigns.service.js';
import { campaignMessageId } from './message-id.js';
import { authorize } from './campaigns.policy.js';
import { type CampaignRow, createCampaignsRepo } from './campaigns.repo.js';
import { type ClaimedSend, createOutreachRepo } from './outreach.repo.js';
import { createTrackerRepo } from './tracker.repo.js';

/** How outreach sends; the defaults suit production, tests and the bench shorten them. */
export type OutreachOptions = {
  /** Base of the response links (PUBLIC_URL). */
  publicUrl: string;
  /** Steps claimed per round and sent at once (one SMTP connection each). */
  batchSize: number;
  concurrency: number;
  /** A claimed step another worker may take over once this has passed (a dead worker's). */
  leaseMs: number;
  /** Wait before a temporarily refused (4xx) step is tried again, times the attempt. */
  retryDelayMs: number;
  /** Attempts of one step before a temporary refusal counts as a failure. */
  maxAttempts: number;
  /** How long a response link stays valid. */
  linkValidDays: number;
};

export const DEFAULT_OUTREACH_OPTIONS: Omit<OutreachOptions, 'publicUrl'> = {
  batchSize: 64,
  concurrency: 16,
  leaseMs: 120_000,
  retryDelayMs: 300_000,
  maxAttempts: 5,
  linkValidDays: 30,
};

type Facts = { buyerName: string; issuerName: string };
const DAY = 86_400_000;

export function createOutreachService(
  db: Database,
  deps: {
    mail: Pick<MailService, 'deliver'>;
    visibleCampaign: VisibleCampaign;
    issuers: Pick<IssuersService, 'findById'>;
    options: OutreachOptions;
  },
) {
  const campaigns = createCampaignsRepo(db);
  const tracker = createTrackerRepo(db);
  const repo = createOutreachRepo(db);
  const jobs = createCampaignJobRead(db);
  const { options } = deps;

  const factsCache = new Map<string, Promise<{ campaign: CampaignRow; facts: Facts }>>();
  async function campaignFacts(campaignId: string) {
    let cached = factsCache.get(campaignId);
    if (!cached) {
      cached = (async () => {
        const campaign = (await campaigns.findById(campaignId))!;
        const job = await jobs.facts(campaign.jobId);
        const issuer = await deps.issuers.findById(job.issuerId);
        return { campaign, facts: { buyerName: job.buyerName, issuerName: issuer?.name ?? '' } };
      })();
      factsCache.set(campaignId, cached);
      // Texts may be edited while a campaign runs: a round reads them afresh.
      setTimeout(() => factsCache.delete(campaignId), 30_000).unref();
    }
    return cached;
  }

  function render(
    campaign: CampaignRow,
    facts: Facts,
    supplier: { supplierName: string; contactName: string | null },
    link: string,
    followUp: boolean,
  ) {
    const closeAt = new Date(
      (campaign.startedAt ?? new Date()).getTime() + campaign.closeDay * DAY,
    );
    const values: Record<CampaignMergeField, string> = {
      supplierName: supplier.supplierName,
      contactName: supplier.contactName || supplier.supplierName,
      buyerName: facts.buyerName,
      issuerName: facts.issuerName,
      cardProduct: CARD_PRODUCT_INFO[campaign.cardProduct as CardProduct].name,
      campaignName: campaign.name,
      responseLink: link,
      closeDate: closeAt.toISOString().slice(0, 10),
    };
    return {
      subject: renderMergeFields(followUp ? campaign.followUpSubject : campaign.subject, values),
      body: renderMergeFields(followUp ? campaign.followUpBody : campaign.body, values),
    };
  }

  const linkOf = (token: string) => `${options.publicUrl}/campaign-response/${token}`;

  /** The same for every attempt of a step, so a receiver can drop a resent copy. */
  const messageIdOf = (send: ClaimedSend) =>
    campaignMessageId(send.campaign_id, send.supplier_key, send.step);

  /**
   * Sends one claimed (`sending`) step and records the server's answer: `sent` only after its
   * 250. A worker killed before recording it leaves the step `sending`; another claims it when
   * the lease ends and sends it again with the same Message-ID. `leaseEnd` fences the final
   * dot: past it another worker may already have taken the step over, so this one stops and
   * the SMTP server discards the unterminated message.
   */
  async function sendOne(
    send: ClaimedSend,
    token: string,
    leaseEnd: number,
  ): Promise<'sent' | 'refused' | 'abandoned'> {
    const { campaign, facts } = await campaignFacts(send.campaign_id);
    const followUp = send.step > 0;
    const mail = render(
      campaign,
      facts,
      { supplierName: send.supplier_name, contactName: send.contact_name },
      linkOf(token),
      followUp,
    );
    const started = campaign.startedAt ?? new Date();
    const nextDay = campaign.followUpDays[send.step];
    const messageId = messageIdOf(send);
    let leaseLost = false;
    const result = await deps.mail.deliver(
      { to: send.contact_email, subject: mail.subject, text: mail.body, messageId },
      async () => {
        if (Date.now() < leaseEnd) return;
        leaseLost = true;
        throw new Error('lease ended before the final dot');
      },
    );
    if (leaseLost) return 'abandoned';
    const at = new Date();
    if (result.status === 'sent') {
      await repo.markSent(send, {
        at,
        nextDueAt: nextDay === undefined ? null : new Date(started.getTime() + nextDay * DAY),
        eventType: send.resend ? 'Resent' : followUp ? 'FollowUp' : 'Sent',
        detail: send.resend
          ? `To ${send.contact_email}, again with the same Message-ID ${messageId}: an earlier ` +
            `attempt stopped before the server's answer was recorded, so its delivery is unknown`
          : `To ${send.contact_email}`,
      });
      return 'sent';
    }
    const temporary = result.status === 'temporary' && send.attempts < options.maxAttempts;
    await repo.markRefused(send, {
      at,
      response: result.response,
      retryAt: temporary ? new Date(at.getTime() + options.retryDelayMs * send.attempts) : null,
      tokenHash: linkTokenHash(token),
    });
    return 'refused';
  }

  return {
    /**
     * Sends every step due at `now` (day 0, the follow-ups), in rounds of claimed batches,
     * until none is due. Safe to run in many workers at once: claims never overlap, a step
     * is marked sent only after the server's 250, and one a dead worker left `sending` is
     * sent again with the same Message-ID. Returns what it did.
     */
    async sendDue(now: () => Date = () => new Date()) {
      const worker = randomUUID();
      const done = { sent: 0, refused: 0 };
      for (;;) {
        const claimedAt = now();
        // A quarter of the lease is kept back: the dot must be on its way before it ends.
        const leaseEnd = Date.now() + options.leaseMs * 0.75;
        const claimed = await repo.claim(worker, claimedAt, options.batchSize, options.leaseMs);
        if (claimed.length === 0) break;
        const tokens = claimed.map(() => newLinkToken());
        const expiresAt = new Date(claimedAt.getTime() + options.linkValidDays * DAY);
        await repo.addLinks(
          claimed.map((send, i) => ({
            tokenHash: linkTokenHash(tokens[i]!),
            campaignId: send.campaign_id,
            supplierKey: send.supplier_key,
            expiresAt,
          })),
        );
        let next = 0;
        const lane = async () => {
          while (next < claimed.length) {
            const i = next++;
            const outcome = await sendOne(claimed[i]!, tokens[i]!, leaseEnd);
            if (outcome === 'sent') done.sent++;
            else if (outcome === 'refused') done.refused++;
          }
        };
        await Promise.all(Array.from({ length: options.concurrency }, lane));
      }
      return done;
    },

    /** Closes Active campaigns whose close day has passed. */
    async closeDue(now: Date, close: (campaignId: string, at: Date) => Promise<unknown>) {
      const due = await campaigns.dueToClose(now);
      for (const campaign of due) await close(campaign.id, now);
      return due.length;
    },

    async preview(
      actor: Actor,
      campaignId: string,
      input: { subject: string; body: string; supplierKey?: string | undefined },
    ) {
      const { campaign } = await visibleCampaign(actor, campaignId);
      checkMergeFields({ subject: input.subject, body: input.body });
      const supplier = input.supplierKey
        ? await tracker.findSupplier(campaign.id, input.supplierKey)
        : await tracker.firstSupplier(campaign.id);
      if (input.supplierKey && !supplier)
        throw AppError.badRequest(
          'body.supplierKey: no such supplier in this campaign',
          'body.supplierKey',
        );
      const { facts } = await campaignFacts(campaign.id);
      return render(
        { ...campaign, subject: input.subject, body: input.body },
        facts,
        supplier ?? { supplierName: 'Example Supplier Ltd', contactName: null },
        linkOf('preview-link'),
        false,
      );
    },

    /** A test send: the campaign's text to any address, with a link that leads nowhere. */
    async testSend(actor: Actor, campaignId: string, input: { to: string; followUp: boolean }) {
      const { campaign } = await visibleCampaign(actor, campaignId);
      authorize(actor, 'edit', campaign);
      const { facts } = await campaignFacts(campaign.id);
      const supplier = await tracker.firstSupplier(campaign.id);
      const mail = render(
        campaign,
        facts,
        supplier ?? { supplierName: 'Example Supplier Ltd', contactName: null },
        linkOf('test-send'),
        input.followUp,
      );
      const result = await deps.mail.deliver({
        to: input.to,
        subject: `[Test] ${mail.subject}`,
        text: mail.body,
      });
      return { delivered: result.status === 'sent', response: result.response };
    },
  };

  function visibleCampaign(actor: Actor, campaignId: string) {
    return deps.visibleCampaign(actor, campaignId);
  }
}
export type OutreachService = ReturnType<typeof createOutreachService>;
