import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { createMailRepo } from './mail.repo.js';
import { type DeliveryResult, type OutgoingMail, createSmtpDelivery } from './smtp-delivery.js';

/** A file sent with a mail (a scheduled report's CSV); text, so the outbox can keep it. */
export type MailAttachment = { filename: string; content: string; contentType: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** What the outbox keeps of a mail's text: the body, then each attachment after its name. */
const outboxText = (mail: Mail) =>
  [mail.text, ...(mail.attachments ?? []).map((a) => `--- ${a.filename} ---\n${a.content}`)].join(
    '\n\n',
  );

/**
 * Sends mail through nodemailer when SMTP_URL is set. Every mail is first written to the outbox
 * table, so none is lost: without SMTP it stays there (and is logged) for a person to read.
 */
export function createMailService(
  db: Database,
  options: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
) {
  const repo = createMailRepo(db);
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  const delivery = options.smtpUrl ? createSmtpDelivery(options.smtpUrl, options.from) : null;
  return {
    repo,
    transportKind: transport ? ('smtp' as const) : ('outbox' as const),
    async send(mail: Mail): Promise<void> {
      const row = await repo.insert({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: transport ? mail.text : outboxText(mail),
        htmlBody: mail.html,
        transport: transport ? 'smtp' : 'outbox',
      });
      if (!transport) {
        options.log.info(
          { outboxId: row.id, to: mail.to, subject: mail.subject },
          'mail stored in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        await repo.markSent(row.id, new Date());
      } catch (error) {
        // Kept in the outbox with its error; the caller's action still succeeds.
        await repo.markFailed(row.id, (error as Error).message);
        options.log.error({ err: error, outboxId: row.id }, 'mail could not be sent');
      }
    },
    /**
     * Delivers a mail and reports the server's answer (campaign outreach). `beforeCommit` runs
     * before the final dot with SMTP and may call the mail off by throwing (smtp-delivery.ts);
     * without SMTP the mail goes to the outbox right after it, and counts as sent.
     */
    async deliver(
      mail: OutgoingMail,
      beforeCommit: () => Promise<void> = async () => {},
    ): Promise<DeliveryResult> {
      if (delivery) return delivery.deliver(mail, beforeCommit);
      await beforeCommit();
      await repo.insert({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        transport: 'outbox',
      });
      return { status: 'sent', response: 'Stored in the outbox (no SMTP_URL).', committed: true };
    },
    /** Checks the SMTP connection (used by the integration verification). */
    async verify(): Promise<{ success: boolean; message: string }> {
      if (!transport)
        return { success: true, message: 'No SMTP configured: mail is kept in the outbox table.' };
      try {
        await transport.verify();
        return { success: true, message: 'SMTP server answered.' };
      } catch (error) {
        return { success: false, message: (error as Error).message };
      }
    },
    close(): void {
      transport?.close();
      delivery?.close();
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
