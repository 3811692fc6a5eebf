import type {
  CampaignExclusionReason,
  PagedListRequest,
  UpdateContactsSchema,
} from '@b2b/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { VisibleCampaign } from './campaign-lookup.js';
import { authorize, isEmailRoute } from './campaigns.policy.js';
import { presentEvent, presentSupplier } from './campaigns.presenter.js';
import type { CampaignWorkflowRoute } from '@b2b/contract';
import { createTrackerRepo } from './tracker.repo.js';
import { uiText } from '../../lib/ui-text.js';

/** A plausible mailbox: something@domain.tld, no spaces, one @. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

type Reject = { row: number; supplierKey: string | null; field: string; message: string };

/** The tracker of a campaign: its suppliers, their timelines, exclusions and contacts. */
export function createTrackerService(db: Database, deps: { visibleCampaign: VisibleCampaign }) {
  const repo = createTrackerRepo(db);
  const { visibleCampaign } = deps;

  return {
    async listSuppliers(actor: Actor, campaignId: string, request: PagedListRequest) {
      const { campaign } = await visibleCampaign(actor, campaignId);
      const { rows, total } = await repo.listSuppliers(campaign.id, request);
      return pagedResponse(rows.map(presentSupplier), total, request);
    },

    async listExclusions(actor: Actor, campaignId: string, request: PagedListRequest) {
      const { campaign } = await visibleCampaign(actor, campaignId);
      const { rows, total } = await repo.listExclusions(campaign.id, request);
      return pagedResponse(
        rows.map((r) => ({
          supplierKey: r.supplierKey,
          supplierName: r.supplierName,
          reason: r.reason as CampaignExclusionReason,
          detail: r.detail,
        })),
        total,
        request,
      );
    },

    async supplier(actor: Actor, campaignId: string, supplierKey: string) {
      const { campaign } = await visibleCampaign(actor, campaignId);
      const row = await repo.findSupplier(campaign.id, supplierKey);
      if (!row) throw AppError.notFound('Supplier not found in this campaign.');
      const timeline = await repo.timeline(campaign.id, supplierKey);
      return { ...presentSupplier(row), timeline: timeline.map(presentEvent) };
    },

    /**
     * Edits contacts row by row: an unknown supplier or a bad address rejects that row only,
     * with the field named; the others are saved. A supplier that gains an address becomes
     * sendable (and, in a running campaign, due at once).
     */
    async updateContacts(
      actor: Actor,
      campaignId: string,
      input: z.output<typeof UpdateContactsSchema>,
    ) {
      const { campaign } = await visibleCampaign(actor, campaignId);
      authorize(actor, 'edit', campaign);
      const needsEmail = isEmailRoute(campaign.route as CampaignWorkflowRoute);
      const existing = new Map(
        (
          await repo.findSuppliers(
            campaign.id,
            input.contacts.map((c) => c.supplierKey),
          )
        ).map((s) => [s.supplierKey, s]),
      );
      const rejects: Reject[] = [];
      const accepted: typeof input.contacts = [];
      input.contacts.forEach((contact, i) => {
        const field = (name: string) => `body.contacts[${i}].${name}`;
        if (!existing.has(contact.supplierKey)) {
          rejects.push({
            row: i + 1,
            supplierKey: contact.supplierKey,
            field: field('supplierKey'),
            message: uiText('No such supplier in this campaign'),
          });
        } else if (contact.contactEmail && !EMAIL.test(contact.contactEmail)) {
          rejects.push({
            row: i + 1,
            supplierKey: contact.supplierKey,
            field: field('contactEmail'),
            message: uiText(`Not an e-mail address: ${contact.contactEmail}`),
          });
        } else accepted.push(contact);
      });
      const now = new Date();
      await inTransaction(db, async (tx) => {
        for (const contact of accepted) {
          const before = existing.get(contact.supplierKey)!;
          const email = contact.contactEmail ? contact.contactEmail.toLowerCase() : null;
          const sendable = !needsEmail || email !== null;
          const becomesDue =
            sendable && !before.sendable && campaign.status === 'Active' && needsEmail;
          await repo.updateSupplier(
            campaign.id,
            contact.supplierKey,
            {
              contactEmail: email,
              ...(contact.contactName !== undefined ? { contactName: contact.contactName } : {}),
              ...(contact.contactPhone !== undefined ? { contactPhone: contact.contactPhone } : {}),
              sendable,
              lastEventAt: now,
              ...(becomesDue && before.status !== 'Completed'
                ? { status: 'Active', nextDueAt: now }
                : {}),
            },
            tx,
          );
        }
        await repo.clearNoContact(
          campaign.id,
          accepted.filter((c) => c.contactEmail || !needsEmail).map((c) => c.supplierKey),
          tx,
        );
        await repo.addEvents(
          accepted.map((c) => ({
            campaignId: campaign.id,
            supplierKey: c.supplierKey,
            type: 'ContactUpdated',
            detail: c.contactEmail ? `E-mail ${c.contactEmail.toLowerCase()}` : 'E-mail removed',
            at: now,
          })),
          tx,
        );
      });
      return { updated: accepted.length, rejects };
    },
  };
}
