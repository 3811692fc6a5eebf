import type { MailTransport, SendEmailRequest, SendEmailResult } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import type { MailService } from '../mail/mail.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';

/**
 * Send e-mail (SPEC §2 Tools): a test or ad-hoc e-mail through the mail module, so staff can
 * see that SMTP works and what the server answers. Each send is in the audit trail: the tool
 * mails any address from the product's sender.
 */
export function createSendEmailService(deps: {
  mail: Pick<MailService, 'deliver' | 'transportKind'>;
  systemLogs: Pick<SystemLogsService, 'record'>;
  from: string;
  smtpUrl: string | undefined;
}) {
  let server: string | null = null;
  if (deps.smtpUrl) {
    const url = new URL(deps.smtpUrl);
    server = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '25')}`;
  }
  return {
    transport(): MailTransport {
      return { transport: deps.mail.transportKind, from: deps.from, server };
    },

    async send(actor: Actor, input: SendEmailRequest): Promise<SendEmailResult> {
      const result = await deps.mail.deliver({
        to: input.to,
        subject: input.subject,
        text: input.text,
      });
      const answer: SendEmailResult = {
        transport: deps.mail.transportKind,
        from: deps.from,
        to: input.to,
        status: result.status,
        response: result.response,
        at: new Date().toISOString(),
      };
      await deps.systemLogs.record(actor, {
        action: 'SendEmail',
        entityType: 'Email',
        entityId: input.to,
        entityName: input.subject,
        after: { transport: answer.transport, status: answer.status, response: answer.response },
      });
      return answer;
    },
  };
}
