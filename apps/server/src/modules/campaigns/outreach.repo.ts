import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction, queryRows } from '../../db/transaction.js';
import {
  campaignEvents,
  campaignResponseTokens,
  campaignSends,
  campaignSuppliers,
} from './campaign.schema.js';

/** A (campaign supplier, step) a worker has claimed to send. */
export type ClaimedSend = {
  campaign_id: string;
  supplier_key: string;
  step: number;
  supplier_name: string;
  contact_email: string;
  contact_name: string | null;
  attempts: number;
};

const S = campaignSuppliers;

/**
 * The sending side of the tracker. A claim leases due steps (moves `next_due_at` on by the
 * lease, under FOR UPDATE SKIP LOCKED, so workers never take the same row) and records the
 * claim in campaign_sends; a send is marked in one transaction before its final dot.
 */
export function createOutreachRepo(db: Database) {
  return {
    async claim(worker: string, now: Date, limit: number, leaseMs: number) {
      const at = now.toISOString();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      return queryRows<ClaimedSend>(
        db,
        sql`
        with due as (
          select cs.campaign_id, cs.supplier_key from campaign_suppliers cs
          where cs.next_due_at <= ${at}::timestamptz and cs.status = 'Active' and cs.sendable
          order by cs.next_due_at
          limit ${limit}
          for update skip locked
        ),
        leased as (
          update campaign_suppliers cs set next_due_at = ${until}::timestamptz
          from due where cs.campaign_id = due.campaign_id and cs.supplier_key = due.supplier_key
          returning cs.campaign_id, cs.supplier_key, cs.next_step as step, cs.supplier_name,
            cs.contact_email, cs.contact_name
        ),
        sends as (
          insert into campaign_sends (campaign_id, supplier_key, step, state, claimed_by, claimed_at)
          select campaign_id, supplier_key, step, 'claimed', ${worker}, ${at}::timestamptz from leased
          on conflict (campaign_id, supplier_key, step) do update
            set attempts = campaign_sends.attempts + 1, claimed_by = excluded.claimed_by,
                claimed_at = excluded.claimed_at, state = 'claimed'
            where campaign_sends.state <> 'sent'
          returning campaign_id, supplier_key, attempts
        )
        select leased.*, sends.attempts from leased join sends using (campaign_id, supplier_key)`,
      );
    },

    /**
     * Records a step as sent, fenced by the claim: a worker whose lease another took over
     * changes nothing and must not send (returns false). Called before the final dot.
     */
    async markSent(
      send: ClaimedSend,
      worker: string,
      values: {
        at: Date;
        nextDueAt: Date | null;
        tokenHash: string;
        expiresAt: Date;
        eventType: 'Sent' | 'FollowUp';
      },
    ): Promise<boolean> {
      // One statement, so one round trip and atomic: every part waits on the fenced update.
      const at = values.at.toISOString();
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`
        with fenced as (
          update campaign_sends set state = 'sent', sent_at = ${at}::timestamptz
          where campaign_id = ${send.campaign_id} and supplier_key = ${send.supplier_key}
            and step = ${send.step} and state = 'claimed' and claimed_by = ${worker}
          returning 1
        ),
        supplier as (
          update campaign_suppliers set next_step = ${send.step + 1},
            next_due_at = ${values.nextDueAt?.toISOString() ?? null}::timestamptz,
            last_event_at = ${at}::timestamptz
          where campaign_id = ${send.campaign_id} and supplier_key = ${send.supplier_key}
            and exists (select 1 from fenced)
          returning 1
        ),
        link as (
          insert into campaign_response_tokens (token_hash, campaign_id, supplier_key, expires_at)
          select ${values.tokenHash}, ${send.campaign_id}, ${send.supplier_key},
            ${values.expiresAt.toISOString()}::timestamptz
          where exists (select 1 from fenced)
          returning 1
        ),
        event as (
          insert into campaign_events (campaign_id, supplier_key, type, step, detail, at)
          select ${send.campaign_id}, ${send.supplier_key}, ${values.eventType}, ${send.step},
            ${`To ${send.contact_email}`}, ${at}::timestamptz
          where exists (select 1 from fenced)
          returning 1
        )
        select (select count(*) from fenced)::int as n`,
      );
      return (row?.n ?? 0) > 0;
    },

    /**
     * A refusal: temporary ones are due again at `retryAt` (the step stays), permanent ones
     * (or a temporary one past its attempts) end the supplier as Failed with the server's
     * message. Undoes a sent mark that came before a refusal at the final dot.
     */
    async markRefused(
      send: ClaimedSend,
      values: {
        at: Date;
        response: string;
        retryAt: Date | null;
        tokenHash: string | null;
      },
    ): Promise<void> {
      await inTransaction(db, async (tx) => {
        await tx
          .update(campaignSends)
          .set({ state: values.retryAt ? 'retry' : 'failed', response: values.response })
          .where(
            and(
              eq(campaignSends.campaignId, send.campaign_id),
              eq(campaignSends.supplierKey, send.supplier_key),
              eq(campaignSends.step, send.step),
            ),
          );
        if (values.tokenHash)
          await tx
            .delete(campaignResponseTokens)
            .where(eq(campaignResponseTokens.tokenHash, values.tokenHash));
        const supplier = and(
          eq(S.campaignId, send.campaign_id),
          eq(S.supplierKey, send.supplier_key),
        );
        await tx
          .update(S)
          .set(
            values.retryAt
              ? { nextStep: send.step, nextDueAt: values.retryAt, lastEventAt: values.at }
              : {
                  status: 'Completed',
                  outcome: 'Failed',
                  outcomeReason: values.response,
                  outcomeAt: values.at,
                  nextDueAt: null,
                  lastEventAt: values.at,
                },
          )
          .where(supplier);
        await tx.insert(campaignEvents).values({
          campaignId: send.campaign_id,
          supplierKey: send.supplier_key,
          type: values.retryAt ? 'Deferred' : 'Failed',
          step: send.step,
          detail: values.response,
          at: values.at,
        });
      });
    },
  };
}
