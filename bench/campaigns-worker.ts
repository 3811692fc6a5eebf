import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createIssuersService } from '../apps/server/src/modules/issuers/issuers.service.js';
import { createMailService } from '../apps/server/src/modules/mail/mail.service.js';
import {
  DEFAULT_OUTREACH_OPTIONS,
  createOutreachService,
} from '../apps/server/src/modules/campaigns/outreach.service.js';

/**
 * One outreach worker process of the campaigns benchmark: sends due steps until killed. The
 * lease is short (BENCH_LEASE_MS) so the other worker takes over a killed one's claims soon.
 */
const log = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
const mail = createMailService(database.db, {
  smtpUrl: process.env.SMTP_URL!,
  from: 'Bench <bench@b2b-analytics.local>',
  log,
});
const outreach = createOutreachService(database.db, {
  mail,
  visibleCampaign: () => Promise.reject(new Error('not used by the worker')),
  issuers: createIssuersService(database.db),
  options: {
    ...DEFAULT_OUTREACH_OPTIONS,
    publicUrl: 'https://bench.example',
    leaseMs: Number(process.env.BENCH_LEASE_MS ?? 3000),
  },
});
console.log('ready');
for (;;) {
  const { sent } = await outreach.sendDue();
  if (sent === 0) await new Promise((r) => setTimeout(r, 50));
}
