import type { BrandingsService } from '../brandings/brandings.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { MergeLinksService } from '../merge-links/merge-links.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import {
  ERROR_CODES,
  MESSAGES,
  RESULTS_LINK_PERMISSIONS,
  type CreateMagicLink,
  type JobFileRole,
  type AccountingLinkPage,
  type MagicLink,
  type MagicLinkKind,
  type MagicLinkStatus,
  type PublicBranding,
  type ResultsLinkSession,
  type UploadLinkPage,
} from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { linkTokenHash, newLinkToken } from '../../lib/link-tokens.js';
import { type MagicLinkListRow, createMagicLinksRead } from './magic-links.read.js';
import { type MagicLinkRow, createMagicLinksRepo } from './magic-links.repo.js';
import { authorize, authorizeResultsLink, linkScope, mayCallRoute } from './magic-links.policy.js';
import type { Database } from '../../db/client.js';

const DAY = 24 * 60 * 60 * 1000;

/** Expired, used, revoked or unknown: one answer that reveals nothing of the job or issuer. */
const gone = () => new AppError(410, MESSAGES.magicLinkGone, ERROR_CODES.magicLinkGone);

/** Who acts on the public page: nobody signed in; the audit entry says it came by link. */
const LINK_ACTOR = { userId: null, username: 'magic link (no account)' };

type IncomingFile = Parameters<JobsService['files']['uploadThroughLink']>[2];

function present(row: NonNullable<MagicLinkListRow>): MagicLink {
  return {
    id: row.id,
    kind: row.kind as MagicLink['kind'],
    jobId: row.jobId,
    jobName: row.jobName,
    issuerId: row.issuerId,
    issuerName: row.issuerName,
    recipientEmail: row.recipientEmail,
    createdByUsername: row.createdByUsername,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.status,
  };
}

const usable = (link: MagicLinkRow, now = new Date()) =>
  !link.usedAt && !link.revokedAt && link.expiresAt > now;

/**
 * Magic links (SPEC §2 Analysis admin "magic links"; SPEC §3 SendUploadLink, sendMagicLinks):
 * made and revoked on the admin screen, used on a public page whose token is the only key.
 * Tokens are 256 random bits, stored as their SHA-256; every make, use, failure and revoke goes
 * into the audit trail.
 */
export function createMagicLinksService(
  db: Database,
  deps: {
    jobs: Pick<JobsService, 'visible' | 'files' | 'get'>;
    issuers: Pick<IssuersService, 'findById'>;
    brandings: Pick<BrandingsService, 'get'>;
    mail: Pick<MailService, 'send'>;
    systemLogs: Pick<SystemLogsService, 'record'>;
    /** MergeMagicLink: the accounting connection an Accounting link makes. */
    accounting: Pick<
      MergeLinksService,
      'apiState' | 'prepareMagicLink' | 'magicLinkBuyer' | 'startMagicLink' | 'completeMagicLink'
    >;
    publicUrl: string;
  },
) {
  const repo = createMagicLinksRepo(db);
  const read = createMagicLinksRead(db);

  /**
   * A new link handed out: e-mailed to its recipient when the issuer sends magic links (SPEC §3
   * sendMagicLinks), audited, and answered with its URL (shown once; only its hash is kept).
   */
  async function handOut(
    actor: Actor,
    row: MagicLinkRow,
    url: string,
    invitation: { subject: string; lines: string[] },
    sendMagicLinks: boolean,
  ) {
    const emailed = Boolean(sendMagicLinks && row.recipientEmail);
    if (emailed)
      await deps.mail.send({
        to: row.recipientEmail!,
        subject: invitation.subject,
        text: invitation.lines.join('\n'),
      });
    await audit(actor, 'MagicLinkCreated', row, {
      kind: row.kind,
      jobId: row.jobId,
      recipientEmail: row.recipientEmail,
      expiresAt: row.expiresAt,
      emailed,
    });
    return { magicLink: present((await read.one(row.id))!), url, emailed };
  }

  async function audit(
    actor: { userId: string | null; username: string },
    action: string,
    link: { id: string } | null,
    after: Record<string, unknown>,
  ) {
    await deps.systemLogs.record(actor, {
      action,
      entityType: 'magic-link',
      entityId: link?.id ?? 'unknown',
      after,
    });
  }

  /** The link a public call names, or 410 (audited) when it cannot be used. */
  async function usableLink(
    token: string,
    ip: string,
    kind: MagicLinkKind = 'Upload',
  ): Promise<MagicLinkRow> {
    const link = await repo.findByHash(linkTokenHash(token));
    if (!link || link.kind !== kind || !usable(link)) {
      const reason = !link
        ? 'unknown'
        : link.revokedAt
          ? 'revoked'
          : link.usedAt
            ? 'used'
            : 'expired';
      await audit(LINK_ACTOR, 'MagicLinkRefused', link ?? null, { reason, ip });
      throw gone();
    }
    return link;
  }

  async function brandingOf(brandingId: string | null): Promise<PublicBranding | null> {
    const row = brandingId ? await deps.brandings.get(brandingId) : undefined;
    if (!row) return null;
    return {
      brandingKey: row.brandingKey,
      theme: row.theme as PublicBranding['theme'],
      brandingDisplayName: row.displayName,
    };
  }

  /**
   * An Accounting link (SPEC §3 MergeMagicLink): a person without an account connects the job's
   * buyer's accounting system. Its Pending accounting connection is made with it, with the
   * maker's rights (the sync's job is created with them).
   */
  async function createAccountingLink(
    actor: Actor,
    input: CreateMagicLink & { expiresInDays: number },
  ) {
    const job = await deps.jobs.visible(actor, input.jobId);
    authorize(actor, 'create', job);
    const issuer = (await deps.issuers.findById(job.issuerId))!;
    if (!issuer.inputDataOptions.includes('MergeMagicLink'))
      throw AppError.conflict(
        `${issuer.name} does not take accounting links: its input data options are ${issuer.inputDataOptions.join(', ') || 'none'}.`,
      );
    const state = deps.accounting.apiState();
    if (!state.configured) throw AppError.conflict(state.configureHint!);
    const token = newLinkToken();
    const row = await repo.insert({
      kind: 'Accounting',
      tokenHash: linkTokenHash(token),
      issuerId: issuer.id,
      jobId: job.id,
      recipientEmail: input.recipientEmail ?? null,
      createdByUserId: actor.userId,
      createdByUsername: actor.username,
      expiresAt: new Date(Date.now() + input.expiresInDays * DAY),
    });
    await deps.accounting.prepareMagicLink(actor, row.id, job);
    const url = `${deps.publicUrl}/accounting-link/${token}`;
    return handOut(
      actor,
      row,
      url,
      {
        subject: `${issuer.name}: please connect your accounting system for ${job.name}`,
        lines: [
          `${issuer.name} asks you to connect your accounting system for "${job.name}".`,
          '',
          `Open this link to connect it (no account needed): ${url}`,
          '',
          `The link works once and until ${row.expiresAt.toUTCString()}.`,
        ],
      },
      issuer.sendMagicLinks,
    );
  }

  /**
   * A Results link (SPEC §3 MagicLinkUser): one address reads a published job's results, without
   * an account, until the link expires. Unlike the other kinds it is not used up: the person may
   * come back; every opening is audited.
   */
  async function createResultsLink(
    actor: Actor,
    input: CreateMagicLink & { expiresInDays: number },
  ) {
    const job = await deps.jobs.visible(actor, input.jobId);
    authorizeResultsLink(actor, job);
    if (!input.recipientEmail)
      throw AppError.badRequest(
        'A results link is for one person: give recipientEmail, the address it is made for.',
        'recipientEmail',
      );
    const issuer = (await deps.issuers.findById(job.issuerId))!;
    const token = newLinkToken();
    const row = await repo.insert({
      kind: 'Results',
      tokenHash: linkTokenHash(token),
      issuerId: issuer.id,
      jobId: job.id,
      recipientEmail: input.recipientEmail.trim().toLowerCase(),
      createdByUserId: actor.userId,
      createdByUsername: actor.username,
      expiresAt: new Date(Date.now() + input.expiresInDays * DAY),
    });
    const url = `${deps.publicUrl}/results-link/${token}`;
    return handOut(
      actor,
      row,
      url,
      {
        subject: `${issuer.name}: the results of ${job.name}`,
        lines: [
          `${issuer.name} shares the results of "${job.name}" with you.`,
          '',
          `Open this link to read them (no account needed): ${url}`,
          '',
          `The link is for you alone and works until ${row.expiresAt.toUTCString()}.`,
        ],
      },
      issuer.sendMagicLinks,
    );
  }

  return {
    async list(actor: Actor, status: MagicLinkStatus | undefined): Promise<MagicLink[]> {
      const rows = await read.list(linkScope(actor), status);
      return rows.map(present);
    },

    uploadJobs: (actor: Actor, kind: MagicLinkKind = 'Upload') =>
      read.uploadJobs(actor, linkScope(actor), kind),

    async create(actor: Actor, input: CreateMagicLink & { expiresInDays: number }) {
      if (input.kind === 'Accounting') return createAccountingLink(actor, input);
      if (input.kind === 'Results') return createResultsLink(actor, input);
      const job = await deps.jobs.visible(actor, input.jobId);
      authorize(actor, 'create', job);
      const issuer = (await deps.issuers.findById(job.issuerId))!;
      if (!issuer.inputDataOptions.includes('SendUploadLink'))
        throw AppError.conflict(
          `${issuer.name} does not take upload links: its input data options are ${issuer.inputDataOptions.join(', ') || 'none'}.`,
        );
      if (job.status !== 'Draft')
        throw AppError.conflict(
          `The job is ${job.status}: an upload link is only for a Draft job, before it is submitted.`,
        );
      const token = newLinkToken();
      const row = await repo.insert({
        kind: input.kind,
        tokenHash: linkTokenHash(token),
        issuerId: issuer.id,
        jobId: job.id,
        recipientEmail: input.recipientEmail ?? null,
        createdByUserId: actor.userId,
        createdByUsername: actor.username,
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY),
      });
      const url = `${deps.publicUrl}/upload-link/${token}`;
      return handOut(
        actor,
        row,
        url,
        {
          subject: `${issuer.name}: please upload your file for ${job.name}`,
          lines: [
            `${issuer.name} asks you to upload your accounts payable file for "${job.name}".`,
            '',
            `Open this link to upload it (no account needed): ${url}`,
            '',
            `The link works once and until ${row.expiresAt.toUTCString()}.`,
          ],
        },
        issuer.sendMagicLinks,
      );
    },

    async revoke(actor: Actor, id: string): Promise<MagicLink> {
      const link = await repo.findById(id);
      if (!link) throw AppError.notFound('No such magic link.');
      authorize(actor, 'revoke', link);
      if (link.usedAt) throw AppError.conflict('The link was already used; nothing to revoke.');
      if (!link.revokedAt) {
        await repo.revoke(id);
        // A Results link's sessions end with it (SPEC §3 MagicLinkUser).
        const sessionsEnded = await repo.deleteLinkSessions(id);
        await audit(actor, 'MagicLinkRevoked', link, { jobId: link.jobId, sessionsEnded });
      }
      return present((await read.one(id))!);
    },

    /** Public: what the upload page shows; 410 for anything but a usable link. */
    async uploadPage(token: string, ip: string): Promise<UploadLinkPage> {
      const link = await usableLink(token, ip);
      const target = link.jobId ? await deps.jobs.files.uploadLinkJob(link.jobId) : undefined;
      if (!target) {
        await audit(LINK_ACTOR, 'MagicLinkRefused', link, { reason: 'job-not-draft', ip });
        throw gone();
      }
      return {
        issuerName: target.issuerName,
        branding: await brandingOf(target.brandingId),
        jobName: target.job.name,
        jobType: target.job.type as UploadLinkPage['jobType'],
        roles: target.roles,
        acceptedFormats: target.acceptedFormats,
        maxUploadBytes: target.maxUploadBytes,
        expiresAt: link.expiresAt.toISOString(),
      };
    },

    /** Public, before the body is read: 410 unless the link can still be used. */
    async checkUpload(token: string, ip: string): Promise<void> {
      await usableLink(token, ip);
    },

    /**
     * Public: the file through the link, by the jobs module's upload (same checks). The link is
     * claimed first so two uploads at once cannot both use it, and given back when the file is
     * refused, so the person can send a better one.
     */
    async upload(token: string, role: JobFileRole | undefined, incoming: IncomingFile, ip: string) {
      const link = await usableLink(token, ip);
      if (!(await repo.claim(link.id))) {
        await audit(LINK_ACTOR, 'MagicLinkRefused', link, { reason: 'used', ip });
        throw gone();
      }
      let file;
      try {
        file = await deps.jobs.files.uploadThroughLink(link.jobId!, role, incoming);
      } catch (error) {
        await repo.release(link.id);
        await audit(LINK_ACTOR, 'MagicLinkUploadFailed', link, {
          fileName: incoming.filename,
          error: (error as Error).message,
          ip,
        });
        throw error;
      }
      if (!file) {
        await repo.release(link.id);
        await audit(LINK_ACTOR, 'MagicLinkRefused', link, { reason: 'job-not-draft', ip });
        throw gone();
      }
      await repo.recordFile(link.id, file.fileName);
      await audit(LINK_ACTOR, 'MagicLinkUsed', link, {
        jobId: link.jobId,
        fileId: file.id,
        fileName: file.fileName,
        ip,
      });
      return { fileName: file.fileName, message: MESSAGES.uploadLinkDone };
    },

    /** Public: what the accounting link page shows; 410 for anything but a usable link. */
    async accountingPage(token: string, ip: string): Promise<AccountingLinkPage> {
      const link = await usableLink(token, ip, 'Accounting');
      const [row, buyerName] = await Promise.all([
        read.one(link.id),
        deps.accounting.magicLinkBuyer(link.id),
      ]);
      if (!row?.jobName || buyerName === undefined) {
        await audit(LINK_ACTOR, 'MagicLinkRefused', link, { reason: 'not-waiting', ip });
        throw gone();
      }
      const issuer = await deps.issuers.findById(link.issuerId);
      return {
        issuerName: row.issuerName,
        buyerName,
        jobName: row.jobName,
        branding: await brandingOf(issuer?.brandingId ?? null),
        expiresAt: link.expiresAt.toISOString(),
        configured: deps.accounting.apiState().configured,
      };
    },

    /** Public: a link token for Merge Link, through a usable accounting link. */
    async startAccounting(token: string, ip: string) {
      const link = await usableLink(token, ip, 'Accounting');
      return deps.accounting.startMagicLink(link.id);
    },

    /**
     * Public: the public token Merge Link gave. The link is claimed first (two completions at
     * once: one wins) and given back when the API refuses the token, so the person may retry.
     */
    async completeAccounting(token: string, publicToken: string, ip: string) {
      const link = await usableLink(token, ip, 'Accounting');
      if (!(await repo.claim(link.id))) {
        await audit(LINK_ACTOR, 'MagicLinkRefused', link, { reason: 'used', ip });
        throw gone();
      }
      try {
        const done = await deps.accounting.completeMagicLink(link.id, publicToken, ip);
        await audit(LINK_ACTOR, 'MagicLinkUsed', link, { jobId: link.jobId, ip });
        return done;
      } catch (error) {
        await repo.release(link.id);
        await audit(LINK_ACTOR, 'MagicLinkConnectFailed', link, {
          error: (error as Error).message,
          ip,
        });
        throw error;
      }
    },

    /**
     * Public: opens a Results link (SPEC §3 MagicLinkUser). Starts a session for the link's job
     * alone, ending when the link does; 410 (audited) for an expired, revoked or unknown link,
     * or when the job is no longer published. Each opening is audited.
     */
    async openResults(
      token: string,
      client: { ip: string; userAgent?: string },
    ): Promise<{ sessionToken: string; page: ResultsLinkSession }> {
      const link = await usableLink(token, client.ip, 'Results');
      const sessionToken = newLinkToken();
      const actor = linkActor(link, linkTokenHash(sessionToken));
      // The job as its reader will see it: gone (410, not 404) once unpublished.
      const job = await deps.jobs.get(actor, link.jobId!).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      });
      if (!job) {
        await audit(LINK_ACTOR, 'MagicLinkRefused', link, {
          reason: 'job-not-published',
          ip: client.ip,
        });
        throw gone();
      }
      await repo.insertSession({
        id: actor.sessionId,
        linkId: link.id,
        expiresAt: link.expiresAt,
        ipAddress: client.ip,
      });
      await audit(LINK_ACTOR, 'MagicLinkUsed', link, {
        jobId: link.jobId,
        recipientEmail: link.recipientEmail,
        ip: client.ip,
      });
      const issuer = await deps.issuers.findById(link.issuerId);
      return {
        sessionToken,
        page: {
          jobId: job.id,
          jobName: job.name,
          issuerName: issuer?.name ?? '',
          branding: await brandingOf(issuer?.brandingId ?? null),
          expiresAt: link.expiresAt.toISOString(),
        },
      };
    },

    /**
     * The session cookie of a Results link as an actor (the authorize plugin asks when the cookie
     * is no user's session): `expired` once the link expired or was revoked.
     */
    async resolveResultsSession(
      token: string,
    ): Promise<{ kind: 'valid'; actor: Actor } | { kind: 'expired' } | { kind: 'none' }> {
      const id = linkTokenHash(token);
      const found = await repo.findSession(id);
      if (!found) return { kind: 'none' };
      const now = new Date();
      if (found.session.expiresAt <= now || !usable(found.link, now)) {
        await repo.deleteSession(id);
        return { kind: 'expired' };
      }
      return { kind: 'valid', actor: linkActor(found.link, id) };
    },

    /** Deletes Results link sessions past their end (the hourly PurgeExpiredSessions). */
    purgeExpiredSessions: (now = new Date()) => repo.deleteExpiredSessions(now),

    /** Whether the actor may call the route at all (a MagicLinkUser: the results screens only). */
    mayCallRoute,
  };
}

/**
 * The narrowest actor that reads a job's results (SPEC §3 MagicLinkUser): no user (its userId is
 * the link's id, which no user, owner or assignment has), no issuers, the results screens'
 * permissions and the one job (jobs.policy).
 */
function linkActor(link: MagicLinkRow, sessionId: string): Actor {
  return {
    userId: link.id,
    username: link.recipientEmail ?? 'magic link user',
    sessionId,
    permissions: RESULTS_LINK_PERMISSIONS,
    issuerIds: [],
    managedIssuerIds: [],
    eligible: true,
    resultsLink: { linkId: link.id, jobId: link.jobId! },
  };
}
