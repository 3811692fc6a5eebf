import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import {
  type CommandRegistry,
  PermanentCommandError,
  defineCommandHandler,
} from '../proq/command-registry.js';
import { type SystemAuditService, verificationSummary } from './system-audit.service.js';

/**
 * The system health check as a ProQ command: the same checks as the verify call, run by a
 * worker; the results are stored on the command (command-execute-validate reads them).
 * It is not retried: a failing check is an answer, not a glitch.
 */
function systemHealthCheckHandler(audit: Pick<SystemAuditService, 'verifyIntegrations'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.systemHealthCheck,
    maxAttempts: 1,
    stuckTimeOutInSeconds: 120,
    async run({ log }) {
      const results = await audit.verifyIntegrations();
      for (const r of results) {
        await log(
          `${r.integration}: ${r.success ? 'ok' : 'failed'} — ${r.message ?? ''}`,
          r.success ? 'info' : 'error',
        );
      }
      const summary = verificationSummary(results);
      if (results.some((r) => !r.success)) throw new PermanentCommandError(summary, results);
      return { message: summary, result: results };
    },
  });
}

/** The system audit's ProQ command, registered by services.ts. */
export function registerSystemAuditCommands(
  registry: CommandRegistry,
  services: { systemAudit: Pick<SystemAuditService, 'verifyIntegrations'> },
): void {
  registry.register(systemHealthCheckHandler(services.systemAudit));
}
