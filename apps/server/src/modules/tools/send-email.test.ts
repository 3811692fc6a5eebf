import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { systemLogs } from '../system-logs/system-log.schema.js';

/* A real SMTP server on loopback: accepts mail, refuses "reject…" and "busy…" recipients. */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const fail = (code: number, message: string) =>
      callback(Object.assign(new Error(message), { responseCode: code }));
    if (address.address.startsWith('reject')) return fail(550, '5.1.1 Mailbox does not exist');
    if (address.address.startsWith('busy')) return fail(451, '4.3.0 Try again later');
    return callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
const env: Record<string, string> = { MAIL_FROM: 'Ops Desk <ops@b2b.example>' };
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const t = useTestApp(env);

let sysAdmin: string;
beforeAll(async () => {
  sysAdmin = await t.signIn('sysadmin@example.com');
});

const send = (to: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/tools/send-email',
    cookie: sysAdmin,
    payload: { to, subject: 'SMTP check', text: 'Does mail reach you?' },
  });

describe('send e-mail through SMTP', () => {
  it('names the SMTP server the mail goes through', async () => {
    const res = await t.request({ url: '/api/v1/tools/send-email', cookie: sysAdmin });
    expect(res.json()).toEqual({
      transport: 'smtp',
      from: 'Ops Desk <ops@b2b.example>',
      server: `127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    });
  });

  it('delivers the mail and shows the server’s 250 answer, and audits the send', async () => {
    const res = await send('alice@example.net');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      transport: 'smtp',
      from: 'Ops Desk <ops@b2b.example>',
      to: 'alice@example.net',
      status: 'sent',
    });
    expect(body.response).toMatch(/^250 OK: message queued/);
    const mail = received.find((m) => m.to.includes('alice@example.net'))!;
    expect(mail.raw).toContain('Subject: SMTP check');
    expect(mail.raw).toContain('From: Ops Desk <ops@b2b.example>');
    expect(mail.raw).toContain('Does mail reach you?');
    const audit = await t.database.db
      .select({
        action: systemLogs.action,
        entityId: systemLogs.entityId,
        actorUsername: systemLogs.actorUsername,
      })
      .from(systemLogs)
      .where(eq(systemLogs.entityType, 'Email'));
    expect(audit).toContainEqual({
      action: 'SendEmail',
      entityId: 'alice@example.net',
      actorUsername: 'sysadmin@example.com',
    });
  });

  it('shows a permanent refusal with the server’s words', async () => {
    const res = await send('reject-me@example.net');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'permanent',
      response: '550 5.1.1 Mailbox does not exist',
    });
  });

  it('shows a temporary refusal as such', async () => {
    const res = await send('busy@example.net');
    expect(res.json()).toMatchObject({
      status: 'temporary',
      response: '451 4.3.0 Try again later',
    });
  });
});
