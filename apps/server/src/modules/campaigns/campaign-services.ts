import type { PublicBranding } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { MailService } from '../mail/mail.service.js';
import { type VisibleJob, createCampaignLookup } from './campaign-lookup.js';
import { type SelectSuppliers, createCampaignsService } from './campaigns.service.js';
import { createCampaignsRepo } from './campaigns.repo.js';
import { createBouncesService } from './bounces.service.js';
import { createOutcomesService } from './outcomes.service.js';
import {
  DEFAULT_OUTREACH_OPTIONS,
  type OutreachOptions,
  createOutreachService,
} from './outreach.service.js';
import { createResponsesService } from './responses.service.js';
import { createTrackerService } from './tracker.service.js';

/**
 * The campaigns module's services, sharing one rule for which campaigns an actor sees (its
 * job's visibility). services.ts wires it with the other modules' services.
 */
export function createCampaignServices(
  db: Database,
  deps: {
    visibleJob: VisibleJob;
    issuers: Pick<IssuersService, 'findById'>;
    brandingOf: (brandingId: string) => Promise<PublicBranding | null>;
    selectSuppliers: SelectSuppliers;
    mail: Pick<MailService, 'deliver'>;
    kickOutreach: () => Promise<void>;
    bounceMailboxConfigured: boolean;
    outreach: Partial<OutreachOptions> & { publicUrl: string };
  },
) {
  const campaignsRepo = createCampaignsRepo(db);
  const visibleCampaign = createCampaignLookup(campaignsRepo, deps.visibleJob);
  return {
    campaigns: createCampaignsService(db, deps),
    tracker: createTrackerService(db, { visibleCampaign }),
    outreach: createOutreachService(db, {
      mail: deps.mail,
      visibleCampaign,
      issuers: deps.issuers,
      options: { ...DEFAULT_OUTREACH_OPTIONS, ...deps.outreach },
    }),
    responses: createResponsesService(db, deps),
    outcomes: createOutcomesService(db, { visibleCampaign }),
    bounces: createBouncesService(db, { visibleCampaign, campaigns: campaignsRepo }),
  };
}
