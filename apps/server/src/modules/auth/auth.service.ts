import { MESSAGES } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { MailService } from '../mail/mail.service.js';
import { isEligible } from '../users/users.policy.js';
import type { UsersService } from '../users/users.service.js';
import { createAuthRepo } from './auth.repo.js';
import { createSessionRead } from './session.read.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { newToken, tokenHash } from './tokens.js';

export const MAGIC_LINK_TTL_MS = 15 * 60_000;
/** How long an invited user's sign-up link stays valid. */
const SIGN_UP_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 30_000;

type Options = {
  absoluteMs: number;
  idleMs: number;
  /** How long a valid session, once resolved, is reused without a lookup (0 = never). */
  cacheMs?: number;
  idleAutoLogoutAvailable: boolean;
  loginMaxFailures: number;
  loginWindowMs: number;
};
type Dependencies = { users: UsersService; mail: MailService };

export type ResolvedSession =
  | { kind: 'valid'; actor: Actor; activeRoles: string[] | null }
  | { kind: 'expired' }
  | { kind: 'none' };

export function createAuthService(db: Database, options: Options, deps: Dependencies) {
  const repo = createAuthRepo(db);
  const sessionRead = createSessionRead(db);
  /**
   * Valid sessions resolved in the last `cacheMs`, by token hash. Every API request resolves
   * its session; under load the lookup (session, user, issuers) was a third of each list call.
   */
  const cacheMs = options.cacheMs ?? 0;
  const resolvedSessions = new Map<string, { until: number; resolved: ResolvedSession }>();

  /** In-flight session lookups by token hash (see resolveSession). */
  const lookups = new Map<string, Promise<ResolvedSession>>();
  /** Bumped by every forget: a lookup begun before one must not cache what it read. */
  let generation = 0;

  /** Reads a session, ends it when expired, touches it now and then, and caches the outcome. */
  async function lookUpSession(id: string): Promise<ResolvedSession> {
    const begun = generation;
    const found = await sessionRead.findSession(id);
    if (!found) return { kind: 'none' };
    const { session, user, issuerIds, managedIssuerIds } = found;
    const now = Date.now();
    const idleExpired =
      session.idleAutoLogout && now - session.lastSeenAt.getTime() > options.idleMs;
    if (session.expiresAt.getTime() <= now || idleExpired || user.isDeactivated) {
      await repo.deleteSession(id);
      return { kind: 'expired' };
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await repo.touchSession(id, new Date(now));
      await deps.users.touchActivity(user.id, new Date(now));
    }
    const eligible = isEligible(user);
    const resolved: ResolvedSession = {
      kind: 'valid',
      activeRoles: session.activeRoles,
      actor: {
        userId: user.id,
        username: user.username,
        sessionId: id,
        eligible,
        // Ineligible users keep their session (to reach the lobby) but hold no permission.
        permissions: eligible ? await deps.users.permissionsFor(user, session.activeRoles) : [],
        issuerIds,
        managedIssuerIds,
      },
    };
    if (cacheMs > 0 && begun === generation) {
      // Bounded: a flood of distinct sessions empties it rather than growing it.
      if (resolvedSessions.size >= 10_000) resolvedSessions.clear();
      resolvedSessions.set(id, { until: now + cacheMs, resolved });
    }
    return resolved;
  }

  /** A fresh session id at every sign-in (no session fixation). */
  async function startSession(userId: string, client: { ip: string; userAgent?: string }) {
    const token = newToken();
    const now = Date.now();
    await repo.insertSession({
      id: tokenHash(token),
      userId,
      expiresAt: new Date(now + options.absoluteMs),
      ipAddress: client.ip,
      userAgent: client.userAgent?.slice(0, 500),
    });
    await deps.users.touchActivity(userId, new Date(now));
    return token;
  }

  return {
    /** Checks the password; one generic message for unknown user and wrong password alike. */
    async login(
      input: { username: string; password: string },
      client: { ip: string; userAgent?: string },
    ) {
      const username = input.username.trim().toLowerCase();
      const since = new Date(Date.now() - options.loginWindowMs);
      if ((await repo.countLoginFailures(username, since)) >= options.loginMaxFailures) {
        throw new AppError(429, MESSAGES.tooManyAttempts, 'rate-limited');
      }
      const user = await deps.users.findByUsername(username);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await dummyPasswordHash(), input.password), false);
      if (!user || !ok) {
        await repo.recordLoginFailure(username, client.ip);
        throw new AppError(401, MESSAGES.invalidCredentials, 'not-signed-in');
      }
      if (user.isDeactivated) throw new AppError(401, MESSAGES.accountDeactivated, 'not-signed-in');
      await repo.clearLoginFailures(username);
      const token = await startSession(user.id, client);
      return { token, profile: await deps.users.getProfile(user.id, null) };
    },

    /**
     * Signs in a user another module has verified (single sign-on: the OpenID provider vouched
     * for their e-mail); the same session as a password sign-in, refused when deactivated.
     */
    async signInVerified(userId: string, client: { ip: string; userAgent?: string }) {
      const user = await deps.users.findById(userId);
      if (!user || user.isDeactivated)
        throw new AppError(401, MESSAGES.accountDeactivated, 'not-signed-in');
      return startSession(user.id, client);
    },

    async logout(sessionId: string | undefined): Promise<void> {
      if (sessionId) await repo.deleteSession(sessionId);
    },

    /** Turns a cookie token into an actor, enforcing the absolute lifetime and the idle timeout. */
    async resolveSession(token: string | undefined): Promise<ResolvedSession> {
      if (!token) return { kind: 'none' };
      const id = tokenHash(token);
      const cached = resolvedSessions.get(id);
      if (cached && cached.until > Date.now()) return cached.resolved;
      // Concurrent requests of one session share one lookup: when its cache entry lapses, the
      // calls in flight (a page's dozen, or a client's burst) would each look it up and touch it.
      const pending = lookups.get(id);
      if (pending) return pending;
      const lookup = lookUpSession(id).finally(() => {
        if (lookups.get(id) === lookup) lookups.delete(id);
      });
      lookups.set(id, lookup);
      return lookup;
    },

    /**
     * Forgets every cached session: called around each state-changing request, so a change of
     * roles, permissions, memberships or sessions made through this process is seen by the
     * very next request. Other processes see it within `cacheMs`. Lookups under way are
     * forgotten too: a request after the change must not share one begun before it.
     */
    forgetResolvedSessions(): void {
      resolvedSessions.clear();
      lookups.clear();
      generation++;
    },

    async sessionInfo(actor: Actor) {
      const found = await sessionRead.findSession(actor.sessionId);
      if (!found) throw AppError.unauthorized(true);
      return {
        expiresAt: found.session.expiresAt.toISOString(),
        idleTimeoutSeconds: Math.round(options.idleMs / 1000),
        idleAutoLogout: found.session.idleAutoLogout,
        idleAutoLogoutAvailable: options.idleAutoLogoutAvailable,
      };
    },

    /** The idle auto-logout toggle is refused while the site configuration turns the feature off. */
    async updateSettings(actor: Actor, settings: { idleAutoLogout: boolean }) {
      if (!options.idleAutoLogoutAvailable) {
        throw new AppError(409, MESSAGES.autoLogoutFeatureOff, 'conflict');
      }
      await repo.updateSession(actor.sessionId, { idleAutoLogout: settings.idleAutoLogout });
      return {
        success: true as const,
        message: MESSAGES.autoLogoutChanged(settings.idleAutoLogout),
      };
    },

    /** Mails a single-use link; answers the same whether or not the address is known. */
    async requestMagicLink(input: { email: string; callbackUrl?: string }, baseUrl: string) {
      const user = await deps.users.findByUsername(input.email);
      if (user && !user.isDeactivated) {
        const token = newToken();
        await repo.insertMagicLink({
          tokenHash: tokenHash(token),
          userId: user.id,
          callbackUrl: input.callbackUrl ?? null,
          expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS),
        });
        const link = `${baseUrl}/api/auth/magic-link/verify?token=${token}`;
        await deps.mail.send({
          to: user.email,
          subject: 'Your B2B Analytics sign-in link',
          text: `Hello ${user.displayName},\n\nOpen this link within 15 minutes to sign in:\n${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail.`,
        });
      }
      return { success: true as const, message: MESSAGES.magicLinkSent };
    },

    /** A single-use sign-in link for an invited user (SPEC §7 invitations), valid a week. */
    async createSignUpLink(userId: string, baseUrl: string): Promise<string> {
      const token = newToken();
      await repo.insertMagicLink({
        tokenHash: tokenHash(token),
        userId,
        callbackUrl: '/profile',
        expiresAt: new Date(Date.now() + SIGN_UP_LINK_TTL_MS),
      });
      return `${baseUrl}/api/auth/magic-link/verify?token=${token}`;
    },

    async consumeMagicLink(token: string, client: { ip: string; userAgent?: string }) {
      const link = await repo.consumeMagicLink(tokenHash(token), new Date());
      if (!link) throw new AppError(400, MESSAGES.magicLinkInvalid, 'validation');
      const user = await deps.users.findById(link.userId);
      if (!user || user.isDeactivated)
        throw new AppError(400, MESSAGES.magicLinkInvalid, 'validation');
      return { token: await startSession(user.id, client), callbackUrl: link.callbackUrl };
    },

    /**
     * The role switcher: narrows this session to some of the user's standard roles (null restores
     * all). Only users with canSwitchRoles may; every role must be one they hold.
     */
    async setActiveRoles(actor: Actor, roles: readonly string[] | null) {
      const user = await deps.users.requireUser(actor.userId);
      if (!user.canSwitchRoles) throw AppError.forbidden('You cannot switch roles.');
      const unknown = (roles ?? []).filter((r) => !user.standardRoles.includes(r));
      if (unknown.length > 0) {
        throw AppError.badRequest(`You do not hold the role ${unknown.join(', ')}`, 'body.roles');
      }
      await repo.updateSession(actor.sessionId, { activeRoles: roles ? [...roles] : null });
      return deps.users.getProfile(actor.userId, roles);
    },

    /**
     * A short-lived session for the PDF renderer (SPEC §2 printable routes): the Chromium that
     * prints a report opens the page as the user who asked — never a broader identity — with
     * the roles their asking session had active when it is still there (a queued report may
     * run after it ended: then the user's own roles). The renderer ends it once printed.
     */
    async startRenderSession(requester: { userId: string; sessionId?: string }, ttlMs: number) {
      const user = await deps.users.findById(requester.userId);
      if (!user || user.isDeactivated) throw AppError.unauthorized(true);
      const asking = requester.sessionId
        ? await sessionRead.findSession(requester.sessionId)
        : undefined;
      const token = newToken();
      await repo.insertSession({
        id: tokenHash(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + ttlMs),
        idleAutoLogout: false,
        activeRoles: asking?.user.id === user.id ? asking.session.activeRoles : null,
        userAgent: 'b2b-report-renderer',
      });
      return { token, end: () => repo.deleteSession(tokenHash(token)) };
    },

    /** Ends every session of a user (deactivation, role removal by an administrator). */
    endUserSessions: (userId: string) => repo.deleteUserSessions(userId),

    purgeExpiredSessions: () =>
      repo.deleteExpiredSessions(new Date(), new Date(Date.now() - options.idleMs)),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
