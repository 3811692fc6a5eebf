import {
  CARD_PRODUCT_INFO,
  type CampaignResponsePage,
  type CardProduct,
  ERROR_CODES,
  MESSAGES,
  type PublicBranding,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { linkTokenHash } from '../../lib/link-tokens.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import { createCampaignJobRead } from './campaign-job.read.js';
import { createResponsesRepo } from './responses.repo.js';
import { createTrackerRepo } from './tracker.repo.js';
import { uiText } from '../../lib/ui-text.js';

type Answer = { answer: 'Accept' | 'Decline' | 'CallMe'; reason?: string; phone?: string };

/** Expired, used, or never issued: the same answer, so a guess learns nothing. */
const gone = () => new AppError(410, MESSAGES.responseLinkGone, ERROR_CODES.responseLinkGone);

const THANKS: Record<Answer['answer'], string> = {
  Accept: uiText(
    'Thank you. We have recorded that you accept this payment method; we will be in touch with the next steps.',
  ),
  Decline: uiText('Thank you for letting us know. We have recorded your answer and your reason.'),
  CallMe: uiText('Thank you. We will call you to talk it through.'),
};

/**
 * The supplier's side of a campaign, reached with the token of a response link only: what the
 * page shows (issuer branding, buyer, card product, nothing else) and the answer, which updates
 * the tracker in the same transaction.
 */
export function createResponsesService(
  db: Database,
  deps: {
    issuers: Pick<IssuersService, 'findById'>;
    brandingOf: (brandingId: string) => Promise<PublicBranding | null>;
  },
) {
  const repo = createResponsesRepo(db);
  const tracker = createTrackerRepo(db);
  const jobs = createCampaignJobRead(db);

  return {
    async page(token: string): Promise<CampaignResponsePage> {
      const hash = linkTokenHash(token);
      const now = new Date();
      const link = await repo.findLive(hash, now);
      if (!link) throw gone();
      if (await repo.markOpened(hash, now))
        await tracker.addEvents([
          {
            campaignId: link.campaignId,
            supplierKey: link.supplierKey,
            type: 'LinkOpened',
            at: now,
          },
        ]);
      const [job, issuer] = await Promise.all([
        jobs.facts(link.jobId),
        deps.issuers.findById(link.issuerId),
      ]);
      const product = link.cardProduct as CardProduct;
      return {
        issuerName: issuer?.name ?? '',
        branding: issuer?.brandingId ? await deps.brandingOf(issuer.brandingId) : null,
        buyerName: job.buyerName,
        cardProduct: product,
        cardProductName: CARD_PRODUCT_INFO[product].name,
      };
    },

    async answer(token: string, input: Answer) {
      const hash = linkTokenHash(token);
      const now = new Date();
      await inTransaction(db, async (tx) => {
        const link = await repo.findLive(hash, now, tx);
        if (!link || !(await repo.use(hash, now, tx))) throw gone();
        const { campaignId, supplierKey } = link;
        const events: { type: string; detail: string | null }[] = [
          { type: 'Responded', detail: input.answer },
        ];
        if (input.answer === 'CallMe') {
          // Someone calls: no more reminders, the supplier stays Active until the outcome.
          await tracker.updateSupplier(
            campaignId,
            supplierKey,
            {
              nextDueAt: null,
              lastEventAt: now,
              ...(input.phone ? { contactPhone: input.phone } : {}),
            },
            tx,
          );
          events.push({
            type: 'CallRequested',
            detail: input.phone ? `Phone ${input.phone}` : null,
          });
        } else {
          const accepted = input.answer === 'Accept';
          await tracker.updateSupplier(
            campaignId,
            supplierKey,
            {
              status: 'Completed',
              outcome: accepted ? 'Succeeded' : 'Declined',
              outcomeReason: accepted ? null : (input.reason ?? null),
              outcomeAt: now,
              nextDueAt: null,
              lastEventAt: now,
            },
            tx,
          );
          await repo.useAllOf(campaignId, supplierKey, now, tx);
          events.push(
            accepted
              ? { type: 'Enrolled', detail: 'Accepted through the response link' }
              : { type: 'Declined', detail: input.reason ?? null },
          );
        }
        await tracker.addEvents(
          events.map((e) => ({ campaignId, supplierKey, type: e.type, detail: e.detail, at: now })),
          tx,
        );
      });
      return { answer: input.answer, message: THANKS[input.answer] };
    },
  };
}
