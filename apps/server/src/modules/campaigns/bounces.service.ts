import type { CampaignBounceInput, CampaignBounceResult } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { VisibleCampaign } from './campaign-lookup.js';
import type { CampaignRow, CampaignsRepo } from './campaigns.repo.js';
import { authorize } from './campaigns.policy.js';
import { campaignMessageIdsIn } from './message-id.js';
import { createTrackerRepo } from './tracker.repo.js';

const FIELD = 'body.message';

/** A header-style field of the DSN (RFC 3464), its folded lines joined. */
function field(text: string, name: string): string | null {
  const m = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t]+.*)*)`, 'im').exec(text);
  return m ? m[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

/**
 * What a delivery status notification says: its status code (5.x.x permanent, 4.x.x delayed)
 * and the remote server's diagnostic. A bounce without either is refused, naming what is
 * missing, so a pasted fragment is never taken for a failure.
 */
function readDsn(message: string) {
  const status = /^Status:[ \t]*([245]\.\d{1,3}\.\d{1,3})/im.exec(message)?.[1] ?? null;
  const action = field(message, 'Action')?.toLowerCase() ?? null;
  const diagnostic = field(message, 'Diagnostic-Code')?.replace(/^smtp;\s*/i, '') ?? null;
  const kind =
    status?.startsWith('5') || (!status && action === 'failed')
      ? 'permanent'
      : status?.startsWith('4') || (!status && action === 'delayed')
        ? 'delayed'
        : status?.startsWith('2') || action === 'delivered' || action === 'relayed'
          ? 'delivered'
          : null;
  return { status: status ?? action ?? '', kind, diagnostic };
}

/**
 * Bounces received after the SMTP server accepted a campaign e-mail (SPEC §3 tracker: bounced):
 * the remote side gave up later and sent a delivery status notification to the sender address.
 * The notification quotes the original's Message-ID, which names the campaign, the supplier and
 * the step (message-id.ts). A permanent failure ends the supplier as Failed with the server's
 * diagnostic, as a 5xx at sending does; a delay is noted on the timeline; a supplier who has
 * already answered keeps the answer and the bounce is noted only. A manager pastes one (`record`)
 * or the ReadCampaignBounces command reads them from the bounce mailbox (`recordFromMailbox`).
 */
export function createBouncesService(
  db: Database,
  deps: { visibleCampaign: VisibleCampaign; campaigns: Pick<CampaignsRepo, 'findById'> },
) {
  const tracker = createTrackerRepo(db);

  /**
   * One bounce of one of the campaign's e-mails, the same for both ways in. Whatever it cannot
   * take is a 400 naming the reason, before anything is written. Idempotent: the same bounce
   * again (pasted twice, or a mailbox message whose \Seen flag was lost) finds its own event on
   * the supplier's timeline (same type, step and status) and writes nothing.
   */
  async function recordBounce(
    campaign: CampaignRow,
    message: string,
  ): Promise<CampaignBounceResult> {
    const ours = campaignMessageIdsIn(message).filter((m) => m.campaignId === campaign.id);
    const keys = [...new Set(ours.map((m) => m.supplierKey))];
    if (keys.length === 0) {
      throw AppError.badRequest(
        `${FIELD}: names no e-mail of this campaign; paste the whole bounce, which quotes the original's Message-ID <campaign-${campaign.id}-…@b2b-analytics>`,
        FIELD,
      );
    }
    if (keys.length > 1) {
      throw AppError.badRequest(
        `${FIELD}: names e-mails to several suppliers (${keys.join(', ')}); record one bounce at a time`,
        FIELD,
      );
    }
    const supplierKey = keys[0]!;
    const dsn = readDsn(message);
    return inTransaction(db, async (tx) => {
      const supplier = await tracker.lockSupplier(campaign.id, supplierKey, tx);
      if (!supplier) {
        throw AppError.badRequest(
          `${FIELD}: supplier ${supplierKey} is not in this campaign`,
          FIELD,
        );
      }
      if (dsn.kind === null) {
        throw AppError.badRequest(
          `${FIELD}: no delivery status found (a "Status: 5.x.x" or "Action: failed" line); paste the whole bounce`,
          FIELD,
        );
      }
      if (dsn.kind === 'delivered') {
        throw AppError.badRequest(
          `${FIELD}: reports a delivery (${dsn.status}), not a bounce`,
          FIELD,
        );
      }
      const step = ours[0]!.step;
      const at = new Date();
      const said = `${dsn.status}${dsn.diagnostic ? ` ${dsn.diagnostic}` : ''}`;
      const answered = supplier.outcome === 'Succeeded' || supplier.outcome === 'Declined';
      const effect: CampaignBounceResult['effect'] =
        dsn.kind === 'delayed' ? 'Deferred' : answered ? 'Unchanged' : 'Failed';
      const result = {
        supplierKey,
        supplierName: supplier.supplierName,
        effect,
        status: dsn.status,
        diagnostic: dsn.diagnostic,
      };
      const event = {
        campaignId: campaign.id,
        supplierKey,
        type: effect === 'Deferred' ? 'Deferred' : 'Bounced',
        step,
        detail:
          effect === 'Deferred'
            ? `Delayed after the server accepted it: ${said}`
            : effect === 'Unchanged'
              ? `Bounced after the server accepted it (the supplier's answer stands): ${said}`
              : `Bounced after the server accepted it: ${said}`,
      };
      if (await tracker.hasEvent(event, tx)) return result;
      if (effect === 'Failed') {
        await tracker.updateSupplier(
          campaign.id,
          supplierKey,
          {
            status: 'Completed',
            outcome: 'Failed',
            outcomeReason: `Bounced: ${said}`,
            outcomeAt: at,
            nextDueAt: null,
            lastEventAt: at,
          },
          tx,
        );
      }
      await tracker.addEvents([{ ...event, at }], tx);
      return result;
    });
  }

  return {
    /** A bounce a manager pasted on the campaign page: the campaign must be theirs to update. */
    async record(
      actor: Actor,
      campaignId: string,
      input: CampaignBounceInput,
    ): Promise<CampaignBounceResult> {
      const { campaign } = await deps.visibleCampaign(actor, campaignId);
      authorize(actor, 'recordBounce', campaign);
      return recordBounce(campaign, input.message);
    },

    /**
     * A message from the bounce mailbox, read by the system (no actor, so no visibility check):
     * recorded when it is a delivery status notification quoting one e-mail of a campaign; any
     * other message, or one the checks refuse, is ignored with the reason.
     */
    async recordFromMailbox(
      raw: string,
    ): Promise<
      | { outcome: 'recorded'; result: CampaignBounceResult; campaignId: string }
      | { outcome: 'ignored'; reason: string }
    > {
      const campaignIds = [...new Set(campaignMessageIdsIn(raw).map((m) => m.campaignId))];
      if (campaignIds.length === 0)
        return { outcome: 'ignored', reason: 'quotes no campaign e-mail' };
      if (!/message\/delivery-status/i.test(raw)) {
        return { outcome: 'ignored', reason: 'not a delivery status notification' };
      }
      if (campaignIds.length > 1) {
        return {
          outcome: 'ignored',
          reason: `quotes e-mails of several campaigns (${campaignIds.join(', ')})`,
        };
      }
      const campaign = await deps.campaigns.findById(campaignIds[0]!);
      if (!campaign)
        return { outcome: 'ignored', reason: `campaign ${campaignIds[0]} does not exist` };
      try {
        return {
          outcome: 'recorded',
          result: await recordBounce(campaign, raw),
          campaignId: campaign.id,
        };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) {
          return { outcome: 'ignored', reason: error.message.replace(`${FIELD}: `, '') };
        }
        throw error;
      }
    },
  };
}

export type BouncesService = ReturnType<typeof createBouncesService>;
