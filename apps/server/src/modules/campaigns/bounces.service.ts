import type { CampaignBounceInput, CampaignBounceResult } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { VisibleCampaign } from './campaign-lookup.js';
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
 * already answered keeps the answer and the bounce is noted only.
 */
export function createBouncesService(db: Database, deps: { visibleCampaign: VisibleCampaign }) {
  const tracker = createTrackerRepo(db);

  return {
    async record(
      actor: Actor,
      campaignId: string,
      input: CampaignBounceInput,
    ): Promise<CampaignBounceResult> {
      const { campaign } = await deps.visibleCampaign(actor, campaignId);
      authorize(actor, 'recordBounce', campaign);
      const ours = campaignMessageIdsIn(input.message).filter((m) => m.campaignId === campaign.id);
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
      const supplier = await tracker.findSupplier(campaign.id, supplierKey);
      if (!supplier) {
        throw AppError.badRequest(
          `${FIELD}: supplier ${supplierKey} is not in this campaign`,
          FIELD,
        );
      }
      const dsn = readDsn(input.message);
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
      await inTransaction(db, async (tx) => {
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
        await tracker.addEvents(
          [
            {
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
              at,
            },
          ],
          tx,
        );
      });
      return {
        supplierKey,
        supplierName: supplier.supplierName,
        effect,
        status: dsn.status,
        diagnostic: dsn.diagnostic,
      };
    },
  };
}
