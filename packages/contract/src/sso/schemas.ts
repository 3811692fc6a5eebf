import { z } from 'zod';

/**
 * Single sign-on with OpenID Connect, configured per issuer: the users of an issuer (and so of
 * its branding's domain) may sign in at their own identity provider. Claims give identity only
 * (name, e-mail); roles stay in the product (SPEC §6).
 */

/** The provider's issuer URL: https, or http on a loopback host (a provider run locally). */
const IssuerUrlSchema = z
  .url({ error: 'issuerUrl must be an absolute URL' })
  .max(500, { error: 'issuerUrl must be at most 500 characters' })
  .refine(
    (value) => {
      // Runs after a failed URL check too: an unparsable value is that check's to report.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    },
    { error: 'issuerUrl must use https (http only for a provider on this machine)' },
  );

/** What an administrator sees of an issuer's sign-on: never the client secret. */
export const SsoSettingsSchema = z.object({
  issuerUrl: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored (it is sealed at rest and never sent back). */
  hasClientSecret: z.boolean(),
  enabled: z.boolean(),
  /** Shown as "Sign in with <label>"; null shows the issuer's name. */
  buttonLabel: z.string().nullable(),
  updatedAt: z.string(),
});

export const IssuerSsoSchema = z.object({
  issuerId: z.uuid(),
  /** null until single sign-on is configured for the issuer. */
  settings: SsoSettingsSchema.nullable(),
});
export type IssuerSso = z.infer<typeof IssuerSsoSchema>;

export const SaveIssuerSsoSchema = z.strictObject({
  issuerUrl: IssuerUrlSchema,
  clientId: z
    .string()
    .trim()
    .min(1, { error: 'clientId must not be empty' })
    .max(200, { error: 'clientId must be at most 200 characters' }),
  /** Required the first time; omitted keeps the stored secret. */
  clientSecret: z
    .string()
    .min(1, { error: 'clientSecret must not be empty' })
    .max(1000, { error: 'clientSecret must be at most 1000 characters' })
    .optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  buttonLabel: z
    .string()
    .trim()
    .max(60, { error: 'buttonLabel must be at most 60 characters' })
    .nullable()
    .optional(),
});
export type SaveIssuerSso = z.infer<typeof SaveIssuerSsoSchema>;

/** A "Sign in with …" button of the sign-in page. */
export const SsoProviderSchema = z.object({ issuerId: z.uuid(), label: z.string() });
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

export const SsoProvidersSchema = z.object({ providers: z.array(SsoProviderSchema) });
/** `issuer`: an issuer key chosen on the sign-in page (`/login?issuer=…`); else by the host. */
export const SsoProvidersQuerySchema = z.object({ issuer: z.string().max(100).optional() });

export const SsoStartParamsSchema = z.strictObject({ issuerId: z.uuid() });
export const SsoStartQuerySchema = z.object({ callbackUrl: z.string().max(2000).optional() });

/** The provider's answer (OpenID Connect Core 3.1.2.5/3.1.2.6); other parameters are ignored. */
export const SsoCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * Where the callback sends a browser it did not sign in (`/login?sso=<outcome>`); the sign-in
 * page shows the matching message.
 */
export const SSO_OUTCOMES = [
  'pending-approval',
  'deactivated',
  'not-a-member',
  // The e-mail's user is already linked to another subject (sub) at a provider.
  'other-login',
  'no-email',
  // A browser is sent back with these where an API client gets the 400 or 503 itself.
  'failed',
  'unavailable',
] as const;
export type SsoOutcome = (typeof SSO_OUTCOMES)[number];
export const SSO_OUTCOME_PARAM = 'sso';
