import { ImapFlow } from 'imapflow';
import type { BounceMailboxSettings } from '../../config.js';

/** What became of one message: recorded as a bounce, or ignored (not ours, not a DSN). */
type MailboxMessageOutcome = 'recorded' | 'ignored';

type BounceMailboxTally = { read: number; recorded: number; ignored: number };

/** The server's own words for a failure (a refused login answers "Command failed" otherwise). */
function serverMessage(error: unknown): string {
  const e = error as { responseText?: string; message?: string; code?: string };
  return e.responseText || e.message || e.code || String(error);
}

/**
 * The bounce mailbox over IMAP (CAMPAIGN_BOUNCE_MAILBOX_URL): each unseen message is handed to
 * `handle` one at a time and flagged \Seen only after `handle` returned, so a message whose
 * recording failed stays unseen for the next run. Messages are fetched with BODY.PEEK (imapflow's
 * `source`), which leaves \Seen alone, and never deleted.
 */
export async function readBounceMailbox(
  settings: BounceMailboxSettings,
  handle: (raw: string) => Promise<MailboxMessageOutcome>,
): Promise<BounceMailboxTally> {
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.user, pass: settings.password },
    logger: false,
    connectionTimeout: 30_000,
  });
  // A dropped connection is also emitted as an event; the pending call rejects with it.
  client.on('error', () => {});
  const where = `Bounce mailbox ${settings.host}:${settings.port}`;
  // The mailbox's failures name it and carry the server's message; `handle`'s pass unchanged.
  const imap = <T>(call: Promise<T>): Promise<T> =>
    call.catch((error: unknown) => {
      throw new Error(`${where}: ${serverMessage(error)}`);
    });
  await imap(client.connect());
  const tally: BounceMailboxTally = { read: 0, recorded: 0, ignored: 0 };
  try {
    const lock = await imap(client.getMailboxLock(settings.mailbox));
    try {
      const uids = (await imap(client.search({ seen: false }, { uid: true }))) || [];
      for (const uid of uids) {
        const message = await imap(client.fetchOne(String(uid), { source: true }, { uid: true }));
        if (!message || !message.source) continue;
        const outcome = await handle(message.source.toString('utf8'));
        await imap(client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true }));
        tally.read += 1;
        tally[outcome] += 1;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => {});
  }
  return tally;
}
