import {
  ERROR_CODES,
  MESSAGES,
  type IssuerSso,
  type SaveIssuerSso,
  type SsoOutcome,
  type SsoProvider,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { AuthService } from '../auth/auth.service.js';
import type { BrandingsService } from '../brandings/brandings.service.js';
import type { IssuerAdminService } from '../issuers/issuer-admin.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import type { UsersService } from '../users/users.service.js';
import { ProviderUnreachableError, createOidcClient } from './oidc-client.js';
import { authorize } from './sso.policy.js';
import { type SsoConfigRow, createSsoRepo } from './sso.repo.js';

/** A sign-in begun at the provider must come back within this time. */
export const SSO_TRANSACTION_MS = 10 * 60_000;

type Deps = {
  /** The key material stored secrets are sealed with (SECRETS_KEY). */
  secretsKey: string;
  issuers: Pick<IssuersService, 'findById' | 'findByKey' | 'listByBranding' | 'listMemberships'>;
  issuerAdmin: Pick<IssuerAdminService, 'addMember'>;
  brandings: Pick<BrandingsService, 'findByHost'>;
  users: Pick<
    UsersService,
    'findByUsername' | 'findByIdpSubject' | 'linkIdpSubject' | 'createApplicant'
  >;
  auth: Pick<AuthService, 'signInVerified'>;
  systemLogs: Pick<SystemLogsService, 'record'>;
};

/** What the browser keeps between start and callback, sealed: it cannot read or change it. */
type Transaction = {
  issuerId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  callbackUrl: string;
  expiresAt: number;
};

type Client = { ip: string; userAgent?: string };

export type CallbackResult =
  | { kind: 'signed-in'; token: string; callbackUrl: string }
  | { kind: 'refused'; outcome: SsoOutcome };

const failed = (detail: string) =>
  new AppError(400, `${MESSAGES.ssoFailed} (${detail})`, ERROR_CODES.ssoFailed);
const unreachable = () =>
  new AppError(503, MESSAGES.ssoProviderUnreachable, ERROR_CODES.ssoUnavailable);

/** What openid-client found wrong, with the claim it concerns (nonce, aud, iss, exp …). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // openid-client wraps the check that failed (oauth4webapi's error) in a general one.
  if (error.cause instanceof Error) return describe(error.cause);
  const cause = error.cause as { claim?: unknown; error?: unknown } | undefined;
  if (cause && typeof cause.claim === 'string') return `${error.message}: ${cause.claim}`;
  if (cause && typeof cause.error === 'string') return `${error.message}: ${cause.error}`;
  return error.message;
}

/** What the audit trail keeps of the settings: whether the secret changed, never the secret. */
function auditView(row: SsoConfigRow | undefined, secretChanged: boolean) {
  if (!row) return null;
  const { sealedClientSecret: _secret, ...rest } = row;
  return { ...rest, clientSecretChanged: secretChanged };
}

/**
 * Only same-site paths: a sign-in must never send the user elsewhere. Browsers read `//host`
 * and `/\host` alike as another site.
 */
function samePath(target: string | undefined): string {
  return target && /^\/(?![/\\])/.test(target) ? target : '/';
}

/**
 * Single sign-on with OpenID Connect per issuer: the settings (issuer administration), the
 * sign-in page's buttons, and the sign-in itself — authorization code with PKCE, state and
 * nonce, then the user found by the provider's subject (by verified e-mail only the first
 * time, which links them). Claims give identity only (SPEC §6: roles
 * stay in the product): an unknown e-mail becomes an unapproved user without roles.
 */
export function createSsoService(db: Database, deps: Deps) {
  const repo = createSsoRepo(db);
  const secrets = createSecretBox(deps.secretsKey, 'sso-client-secret');
  const transactions = createSecretBox(deps.secretsKey, 'sso-transaction');
  const oidc = createOidcClient();

  function present(issuerId: string, row: SsoConfigRow | undefined): IssuerSso {
    return {
      issuerId,
      settings: row
        ? {
            issuerUrl: row.issuerUrl,
            clientId: row.clientId,
            hasClientSecret: true,
            enabled: row.enabled,
            buttonLabel: row.buttonLabel,
            updatedAt: row.updatedAt.toISOString(),
          }
        : null,
    };
  }

  async function administered(actor: Actor, issuerId: string) {
    authorize(actor, issuerId);
    const issuer = await deps.issuers.findById(issuerId);
    if (!issuer) throw AppError.notFound('Issuer not found.');
    return issuer;
  }

  function providerSettings(row: SsoConfigRow) {
    return {
      issuerUrl: row.issuerUrl,
      clientId: row.clientId,
      clientSecret: secrets.open(row.sealedClientSecret),
    };
  }

  /** Maps what went wrong talking to the provider to a clear 4xx or 503, never a 500. */
  async function talking<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof ProviderUnreachableError) throw unreachable();
      throw failed(describe(error));
    }
  }

  function openTransaction(sealed: string | undefined): Transaction {
    if (!sealed) throw failed('no sign-in was started in this browser, or it has expired');
    let transaction: Transaction;
    try {
      transaction = JSON.parse(transactions.open(sealed)) as Transaction;
    } catch {
      throw failed('the sign-in attempt of this browser is not valid');
    }
    if (transaction.expiresAt <= Date.now()) throw failed('the sign-in attempt has expired');
    return transaction;
  }

  /**
   * The user the provider's subject was linked to; else, the first time, the user the verified
   * e-mail names (then linked on a successful sign-in); else a new applicant. The subject is
   * the key because an e-mail can change or be handed to someone else at the provider.
   */
  async function matchUser(
    issuer: { id: string; name: string },
    claims: Record<string, unknown>,
  ): Promise<{ userId: string } | { outcome: SsoOutcome }> {
    // openid-client has checked `iss` is the discovered provider's and `sub` is present.
    const identity = {
      idpIssuer: String(claims.iss),
      idpId: String(claims.sub),
      idProviderName: issuer.name,
    };
    let user = await deps.users.findByIdpSubject(identity.idpIssuer, identity.idpId);
    const firstLink = !user;
    if (!user) {
      const email = typeof claims.email === 'string' ? claims.email.trim() : '';
      if (!email || claims.email_verified !== true) return { outcome: 'no-email' };
      user = await deps.users.findByUsername(email.toLowerCase());
      if (!user) {
        const text = (key: string) =>
          typeof claims[key] === 'string' && claims[key] ? claims[key] : null;
        const givenName = text('given_name');
        const surname = text('family_name');
        const created = await deps.users.createApplicant({
          email,
          displayName: text('name') ?? ([givenName, surname].filter(Boolean).join(' ') || email),
          givenName,
          surname,
          ...identity,
        });
        await deps.issuerAdmin.addMember(issuer.id, created.id, 'Member');
        return { outcome: 'pending-approval' };
      }
      // Linked to another subject (at this provider or another): the e-mail alone must not
      // open that account to whoever holds the address now.
      if (user.idpIssuer && user.idpId) return { outcome: 'other-login' };
    }
    if (user.isDeactivated) return { outcome: 'deactivated' };
    const memberships = await deps.issuers.listMemberships(user.id);
    if (!memberships.some((m) => m.issuerId === issuer.id)) return { outcome: 'not-a-member' };
    if (!user.approved) return { outcome: 'pending-approval' };
    if (firstLink) await deps.users.linkIdpSubject(user.id, identity);
    return { userId: user.id };
  }

  return {
    async getSettings(actor: Actor, issuerId: string): Promise<IssuerSso> {
      await administered(actor, issuerId);
      return present(issuerId, await repo.find(issuerId));
    },

    async saveSettings(actor: Actor, issuerId: string, input: SaveIssuerSso): Promise<IssuerSso> {
      const issuer = await administered(actor, issuerId);
      const existing = await repo.find(issuerId);
      if (!existing && !input.clientSecret)
        throw AppError.badRequest(
          'clientSecret is required to set up single sign-on',
          'clientSecret',
        );
      const saved = await repo.save({
        issuerId,
        issuerUrl: input.issuerUrl,
        clientId: input.clientId,
        sealedClientSecret: input.clientSecret
          ? secrets.seal(input.clientSecret)
          : existing!.sealedClientSecret,
        enabled: input.enabled,
        buttonLabel: input.buttonLabel || null,
      });
      // Issuer administration is audited (SPEC §2 /admin/system-logs); so is who set the provider.
      await deps.systemLogs.record(actor, {
        action: 'IssuerSsoSaved',
        entityType: 'issuer',
        entityId: issuerId,
        entityName: issuer.name,
        before: auditView(existing, false),
        after: auditView(saved, Boolean(input.clientSecret)),
      });
      return present(issuerId, saved);
    },

    /**
     * Removes the settings with the sealed secret; the buttons go at once. Users keep their
     * recorded provider subject, so setting the same provider up again signs them in as before.
     */
    async deleteSettings(actor: Actor, issuerId: string): Promise<IssuerSso> {
      const issuer = await administered(actor, issuerId);
      const removed = await repo.remove(issuerId);
      if (!removed) throw AppError.notFound('Single sign-on is not set up for this issuer.');
      await deps.systemLogs.record(actor, {
        action: 'IssuerSsoDeleted',
        entityType: 'issuer',
        entityId: issuerId,
        entityName: issuer.name,
        before: auditView(removed, false),
        after: null,
      });
      return present(issuerId, undefined);
    },

    /** The buttons for the issuer chosen by key, else for the issuers of the host's branding. */
    async providers(host: string, issuerKey?: string): Promise<{ providers: SsoProvider[] }> {
      let issuers: { id: string; name: string }[] = [];
      if (issuerKey) {
        const issuer = await deps.issuers.findByKey(issuerKey);
        issuers = issuer ? [issuer] : [];
      } else {
        const branding = await deps.brandings.findByHost(host);
        issuers = branding ? await deps.issuers.listByBranding(branding.id) : [];
      }
      const rows = await repo.listEnabled(issuers.map((i) => i.id));
      return {
        providers: issuers.flatMap((issuer) => {
          const row = rows.find((r) => r.issuerId === issuer.id);
          return row ? [{ issuerId: issuer.id, label: row.buttonLabel ?? issuer.name }] : [];
        }),
      };
    },

    /** The provider's authorization URL and the sealed transaction the browser keeps. */
    async start(issuerId: string, redirectUri: string, callbackUrl: string | undefined) {
      const row = await repo.find(issuerId);
      if (!row?.enabled) throw AppError.notFound('Single sign-on is not set up for this issuer.');
      const request = await talking(() =>
        oidc.authorizationUrl(providerSettings(row), redirectUri),
      );
      const transaction: Transaction = {
        issuerId,
        state: request.state,
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        callbackUrl: samePath(callbackUrl),
        expiresAt: Date.now() + SSO_TRANSACTION_MS,
      };
      return { url: request.url, transaction: transactions.seal(JSON.stringify(transaction)) };
    },

    /**
     * The provider's redirect back: the state must be this browser's, the code is exchanged
     * (once: the provider refuses a replayed or expired code) and the id token checked; then
     * the subject (or, the first time, the verified e-mail) finds the user, who gets the
     * normal product session.
     */
    async callback(
      sealedTransaction: string | undefined,
      currentUrl: URL,
      answer: { state?: string; error?: string; error_description?: string },
      client: Client,
    ): Promise<CallbackResult> {
      const transaction = openTransaction(sealedTransaction);
      if (answer.state !== transaction.state)
        throw failed('the answer does not belong to the sign-in this browser started');
      if (answer.error)
        throw failed(`the provider said ${answer.error_description ?? answer.error}`);
      const row = await repo.find(transaction.issuerId);
      const issuer = await deps.issuers.findById(transaction.issuerId);
      if (!row?.enabled || !issuer)
        throw AppError.notFound('Single sign-on is not set up for this issuer.');
      const claims = await talking(() =>
        oidc.exchange(providerSettings(row), currentUrl, transaction),
      );
      const matched = await matchUser(issuer, claims);
      if ('outcome' in matched) return { kind: 'refused', outcome: matched.outcome };
      return {
        kind: 'signed-in',
        token: await deps.auth.signInVerified(matched.userId, client),
        callbackUrl: transaction.callbackUrl,
      };
    },
  };
}
