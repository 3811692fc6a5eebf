import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import {
  type CommandRegistry,
  type RecurringCommand,
  defineCommandHandler,
} from '../proq/command-registry.js';
import type { AnalyticsService } from './analytics.service.js';
import { uiText } from '../../lib/ui-text.js';

/** Mails the saved reports that are due. Idempotent: each report is claimed before it is sent. */
function mailScheduledReportsHandler(analytics: Pick<AnalyticsService, 'mailDue'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.mailScheduledReports,
    maxAttempts: 3,
    stuckTimeOutInSeconds: 1800,
    async run() {
      const result = await analytics.mailDue();
      return {
        message: uiText(`Mailed ${result.mailed} report(s), ${result.failed} failed`),
        result,
      };
    },
  });
}

/** Every quarter of an hour, at minute 5 (away from the other purges at 0 and 20). */
const MAIL_SCHEDULED_REPORTS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.mailScheduledReports,
  cron: '5,20,35,50 * * * *',
};

/** The analytics module's ProQ command and its schedule, registered by services.ts. */
export function registerAnalyticsCommands(
  registry: CommandRegistry,
  services: { analytics: Pick<AnalyticsService, 'mailDue'> },
): void {
  registry.register(mailScheduledReportsHandler(services.analytics));
  registry.schedule(MAIL_SCHEDULED_REPORTS_SCHEDULE);
}
