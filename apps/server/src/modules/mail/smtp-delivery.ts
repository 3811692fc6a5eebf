import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

/** A mail to deliver and how the SMTP server answered it. */
export type OutgoingMail = { to: string; subject: string; text: string; messageId?: string };
export type DeliveryResult = {
  /** sent: 250 at the final dot; temporary: 4xx or no connection (try again); permanent: 5xx. */
  status: 'sent' | 'temporary' | 'permanent';
  /** The server's reply (or the connection error), as it gave it. */
  response: string;
  /** Whether `beforeCommit` ran and let the mail go, i.e. the final dot was written. */
  committed: boolean;
};

type SmtpError = SMTPConnection.SMTPError & {
  rejectedErrors?: SMTPConnection.SMTPError[];
};

/**
 * The message body followed, only once `commit` has resolved, by its end: nodemailer writes
 * the terminating "." after the stream ends. `commit` is the caller's last word before the
 * server takes the mail: if it throws (campaign outreach: the worker's lease on the step has
 * ended and another worker may be sending it), the stream fails and the server discards the
 * unterminated message. The caller records the mail as sent only after the server's 250; a
 * worker killed in between leaves its step `sending`, and the step is sent again with the same
 * Message-ID, so a receiver can tell the copy (outreach.service.ts).
 */
class CommitBeforeDot extends Readable {
  private pushed = false;
  private committing = false;
  constructor(
    private readonly raw: Buffer,
    private readonly commit: () => Promise<void>,
  ) {
    super();
  }
  override _read(): void {
    if (!this.pushed) {
      this.pushed = true;
      this.push(this.raw);
      return;
    }
    if (this.committing) return;
    this.committing = true;
    this.commit().then(
      () => this.push(null),
      (error: unknown) => this.destroy(error as Error),
    );
  }
}

function classify(error: SmtpError): 'temporary' | 'permanent' {
  const code = error.responseCode ?? error.rejectedErrors?.[0]?.responseCode;
  return code !== undefined && code >= 500 && code < 600 ? 'permanent' : 'temporary';
}

function responseOf(error: SmtpError): string {
  return error.rejectedErrors?.[0]?.response ?? error.response ?? error.message;
}

/**
 * SMTP delivery that reports the server's answer, over reused connections (one per concurrent
 * send). Plain `mail.send` keeps nodemailer's transport; campaigns need the reply code to tell
 * a temporary refusal (retry) from a permanent one (the supplier fails with the message).
 */
export function createSmtpDelivery(smtpUrl: string, from: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const auth = url.username
    ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
    : undefined;
  const idle: SMTPConnection[] = [];
  // The envelope takes the bare address of a "Name <address>" sender.
  const envelopeFrom = /<([^>]+)>/.exec(from)?.[1] ?? from;

  async function open(): Promise<SMTPConnection> {
    const connection = new SMTPConnection({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 25,
      secure,
      ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
      connectionTimeout: 10_000,
      socketTimeout: 30_000,
    });
    connection.on('error', () => connection.close());
    await new Promise<void>((resolve, reject) =>
      connection.connect((error) => (error ? reject(error) : resolve())),
    );
    if (auth)
      await new Promise<void>((resolve, reject) =>
        connection.login(auth, (error) => (error ? reject(error) : resolve())),
      );
    return connection;
  }

  async function compose(mail: OutgoingMail): Promise<Buffer> {
    const node = new MailComposer({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
    }).compile();
    return node.build();
  }

  return {
    /**
     * Delivers one mail. `beforeCommit` runs once the server has accepted the recipient and
     * the whole body, before the final dot: throwing there calls the mail off.
     */
    async deliver(
      mail: OutgoingMail,
      beforeCommit: () => Promise<void> = async () => {},
    ): Promise<DeliveryResult> {
      const raw = await compose(mail);
      let connection: SMTPConnection;
      try {
        let reused = idle.pop();
        while (reused?.destroyed) reused = idle.pop();
        connection = reused ?? (await open());
      } catch (error) {
        return { status: 'temporary', response: responseOf(error as SmtpError), committed: false };
      }
      let committed = false;
      const stream = new CommitBeforeDot(raw, async () => {
        await beforeCommit();
        committed = true;
      });
      return new Promise<DeliveryResult>((resolve) => {
        connection.send({ from: envelopeFrom, to: [mail.to] }, stream, (error, info) => {
          if (error) {
            // The connection's state is unknown after a refusal: start the next mail afresh.
            connection.close();
            resolve({ status: classify(error), response: responseOf(error), committed });
            return;
          }
          idle.push(connection);
          resolve({ status: 'sent', response: info.response, committed });
        });
      });
    },
    close(): void {
      for (const connection of idle.splice(0)) connection.quit();
    },
  };
}
