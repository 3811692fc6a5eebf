import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { z } from 'zod';
import { type CommandRegistry, defineCommandHandler } from '../proq/command-registry.js';
import { type CompaniesHouseService, ENRICHMENT_ATTEMPTS } from './companies-house.service.js';

/** A job's UK suppliers matched to companies (the service's runEnrichment; idempotent per run). */
function enrichSuppliersHandler(companiesHouse: Pick<CompaniesHouseService, 'runEnrichment'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.enrichSuppliersFromCompaniesHouse,
    payloadSchema: z.object({ jobId: z.uuid(), runId: z.uuid() }),
    maxAttempts: ENRICHMENT_ATTEMPTS,
    stuckTimeOutInSeconds: 4 * 3600,
    run: (context) => companiesHouse.runEnrichment(context),
  });
}

/** The Companies House tool's ProQ command, registered by services.ts. */
export function registerCompaniesHouseCommands(
  registry: CommandRegistry,
  services: { companiesHouse: Pick<CompaniesHouseService, 'runEnrichment'> },
): void {
  registry.register(enrichSuppliersHandler(services.companiesHouse));
}
