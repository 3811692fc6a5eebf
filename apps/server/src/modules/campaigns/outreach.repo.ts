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
  /**
   * The step was already `sending` when claimed: an earlier worker stopped between the claim
   * and recording the server's answer, so whether that mail arrived is unknown. It is sent
   * again with the same Message-ID, which lets the receiving side drop a second copy.
   */
  resend: boolean;
};

const S = campaignSuppliers;

/**
 * The sending side of the tracker, a state machine per (campaign supplier, e-mail step) in
 * campaign_sends: claimed as `sending` (the supplier's `next_due_at` moves on by the lease,
 * under FOR UPDATE SKIP LOCKED, so workers never take the same row), then `sent` only once
 * the SMTP server answered 250, or `retry` / `failed` on its refusal. A step a dead worker
 * left `sending` falls due again when its lease ends and is claimed as a resend.
 */
export function createOutreachRepo(db: Database) {
  return {
    async claim(worker: string, now: Date, limit: number, leaseMs: number): Promise<ClaimedSend[]> {
      const at = now.toISOString();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      // Every part of one statement reads the same snapshot: `prior` sees the states before
      // this claim's upsert.
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
        prior as (
          select s.campaign_id, s.supplier_key, s.state from campaign_sends s
          join leased l on l.campaign_id = s.campaign_id and l.supplier_key = s.supplier_key
            and l.step = s.step
        ),
        sends as (
          insert into campaign_sends (campaign_id, supplier_key, step, state, claimed_by, claimed_at)
          select campaign_id, supplier_key, step, 'sending', ${worker}, ${at}::timestamptz from leased
          on conflict (campaign_id, supplier_key, step) do update
            set attempts = campaign_sends.attempts + 1, claimed_by = excluded.claimed_by,
                claimed_at = excluded.claimed_at, state = 'sending'
            where campaign_sends.state <> 'sent'
          returning campaign_id, supplier_key, attempts
        )
        select leased.*, sends.attempts, coalesce(prior.state = 'sending', false) as resend
        from leased join sends using (campaign_id, supplier_key)
        left join prior using (campaign_id, supplier_key)`,
      );
    },

    /**
     * Stores the response links of a claimed batch before any of its mails leaves, so the link
     * in a mail the server accepted works even if its worker dies before recording the 250.
     */
    async addLinks(
      links: { tokenHash: string; campaignId: string; supplierKey: string; expiresAt: Date }[],
    ): Promise<void> {
      if (links.length > 0) await db.insert(campaignResponseTokens).values(links);
    },

    /**
     * Records a step as sent once the SMTP server answered 250 (whoever holds the claim now:
     * the mail is out). Returns false when it was already recorded, by a worker that took the
     * step over and sent it again with the same Message-ID.
     */
    async markSent(
      send: ClaimedSend,
      values: {
        at: Date;
        nextDueAt: Date | null;
        eventType: 'Sent' | 'FollowUp' | 'Resent';
        detail: string;
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
            and step = ${send.step} and state = 'sending'
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
        event as (
          insert into campaign_events (campaign_id, supplier_key, type, step, detail, at)
          select ${send.campaign_id}, ${send.supplier_key}, ${values.eventType}, ${send.step},
            ${values.detail}, ${at}::timestamptz
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
     * message. The attempt's response link goes: the server did not take the mail.
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
        const still = await tx
          .update(campaignSends)
          .set({ state: values.retryAt ? 'retry' : 'failed', response: values.response })
          .where(
            and(
              eq(campaignSends.campaignId, send.campaign_id),
              eq(campaignSends.supplierKey, send.supplier_key),
              eq(campaignSends.step, send.step),
              // A worker that took the step over may have had it accepted meanwhile.
              eq(campaignSends.state, 'sending'),
            ),
          )
          .returning({ step: campaignSends.step });
        if (still.length === 0) return;
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
