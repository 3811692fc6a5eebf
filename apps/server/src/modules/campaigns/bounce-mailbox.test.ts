import net, { type AddressInfo } from 'node:net';
import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type CommandContext, createCommandRegistry } from '../proq/command-registry.js';
import { readBounceMailbox } from './bounce-mailbox.js';
import { registerCampaignCommands } from './campaigns.commands.js';

// Reading a real mailbox is tested in campaigns.test.ts against an IMAP server on loopback.

describe('CAMPAIGN_BOUNCE_MAILBOX_URL', () => {
  it('is off when unset, and reads imaps:// and imap:// URLs with their defaults', () => {
    expect(loadConfig({}).campaignBounceMailbox).toBeUndefined();
    expect(
      loadConfig({
        CAMPAIGN_BOUNCE_MAILBOX_URL: 'imaps://bounces%40paytech.example:p%40ss@mail.example.com',
      }).campaignBounceMailbox,
    ).toEqual({
      host: 'mail.example.com',
      port: 993,
      secure: true,
      user: 'bounces@paytech.example',
      password: 'p@ss',
      mailbox: 'INBOX',
    });
    expect(
      loadConfig({ CAMPAIGN_BOUNCE_MAILBOX_URL: 'imap://u:p@127.0.0.1:1143/Bounces/Campaigns' })
        .campaignBounceMailbox,
    ).toEqual({
      host: '127.0.0.1',
      port: 1143,
      secure: false,
      user: 'u',
      password: 'p',
      mailbox: 'Bounces/Campaigns',
    });
  });

  it('stops the start on anything else, naming the setting and hiding the password', () => {
    for (const value of [
      'pop3://u:secret@mail.example.com',
      'imaps://mail.example.com/INBOX',
      'mail.example.com',
    ]) {
      expect(() => loadConfig({ CAMPAIGN_BOUNCE_MAILBOX_URL: value })).toThrow(
        /^Invalid configuration: CAMPAIGN_BOUNCE_MAILBOX_URL: expected imaps:\/\/user:password@host:993\/INBOX \(or imap:\/\/ for plain\), got "/,
      );
    }
    expect(() =>
      loadConfig({ CAMPAIGN_BOUNCE_MAILBOX_URL: 'pop3://u:secret@mail.example.com' }),
    ).toThrow('got "pop3://u:••••••••@mail.example.com"');
  });
});

describe('ReadCampaignBounces without a bounce mailbox', () => {
  it('completes at once, saying so', async () => {
    const registry = createCommandRegistry();
    const unused = () => Promise.reject(new Error('not called'));
    registerCampaignCommands(
      registry,
      {
        outreach: { sendDue: unused, closeDue: unused },
        campaigns: { close: unused },
        bounces: { recordFromMailbox: unused },
      },
      undefined,
    );
    const handler = registry.get(PROQ_COMMAND_TYPES.readCampaignBounces)!;
    expect(registry.recurring()).toContainEqual({
      commandType: PROQ_COMMAND_TYPES.readCampaignBounces,
      cron: '*/5 * * * *',
    });
    expect(await handler.run({} as CommandContext<unknown>)).toEqual({
      message: 'No bounce mailbox configured',
    });
  });
});

describe('a bounce mailbox that cannot be reached', () => {
  it('fails naming the mailbox and the refused connection, handling nothing', async () => {
    // A port that was just free: nothing listens on it.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const handled: string[] = [];
    await expect(
      readBounceMailbox(
        { host: '127.0.0.1', port, secure: false, user: 'u', password: 'p', mailbox: 'INBOX' },
        async (raw) => {
          handled.push(raw);
          return 'ignored';
        },
      ),
    ).rejects.toThrow(`Bounce mailbox 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(handled).toEqual([]);
  });
});
