import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { z } from 'zod';
import { type CommandRegistry, defineCommandHandler } from '../proq/command-registry.js';
import type { RulesetDryRunsService } from './ruleset-dry-runs.service.js';

/**
 * A ruleset dry-run runs once: its outcome (Done or Error with the reason) is the dry-run's
 * state, which the editor shows; a second delivery finds it finished and does nothing.
 */
function dryRunHandler(dryRuns: Pick<RulesetDryRunsService, 'run'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.rulesetDryRun,
    payloadSchema: z.object({ dryRunId: z.uuid() }),
    maxAttempts: 1,
    stuckTimeOutInSeconds: 3600,
    async run({ payload }) {
      return { message: await dryRuns.run(payload.dryRunId) };
    },
  });
}

/** The rulesets module's ProQ command, registered by services.ts. */
export function registerRulesetsCommands(
  registry: CommandRegistry,
  services: { rulesetDryRuns: Pick<RulesetDryRunsService, 'run'> },
): void {
  registry.register(dryRunHandler(services.rulesetDryRuns));
}
