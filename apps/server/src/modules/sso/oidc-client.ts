import * as client from 'openid-client';

/** How long discovery and the token call may take before the provider counts as unreachable. */
const TIMEOUT_SECONDS = 10;
/** A provider's discovered metadata and keys are reused this long. */
const DISCOVERY_TTL_MS = 10 * 60_000;

export type ProviderSettings = { issuerUrl: string; clientId: string; clientSecret: string };

/** The provider could not be reached (connection refused, timeout, DNS): a 503, not a 400. */
export class ProviderUnreachableError extends Error {}

/** Whether an error, or one it was caused by, is a failure to reach the other side. */
function isNetworkFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error) {
      if (e.name === 'AbortError' || e.name === 'TimeoutError') return true;
      if (e instanceof TypeError && e.message === 'fetch failed') return true;
      const code = (e as { code?: unknown }).code;
      if (
        typeof code === 'string' &&
        /^(ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH)/.test(code)
      )
        return true;
      e = e.cause;
    } else break;
  }
  return false;
}

/** Turns a network failure into ProviderUnreachableError; other errors pass as they are. */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isNetworkFailure(error))
      throw new ProviderUnreachableError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * The relying party's side of OpenID Connect (openid-client): discovery (cached per provider
 * settings), the authorization URL with PKCE, state and nonce, and the code exchange with the
 * id token's checks (signature, issuer, audience, nonce, expiry — done by openid-client).
 */
export function createOidcClient() {
  const discovered = new Map<string, { until: number; config: Promise<client.Configuration> }>();

  function configurationFor(settings: ProviderSettings): Promise<client.Configuration> {
    const key = JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret]);
    const cached = discovered.get(key);
    if (cached && cached.until > Date.now()) return cached.config;
    const url = new URL(settings.issuerUrl);
    const config = reaching(() =>
      client.discovery(
        url,
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        {
          timeout: TIMEOUT_SECONDS,
          // The id token's signature is checked against the provider's keys too (openid-client
          // would trust TLS alone): a token altered on the way, or over loopback http, is refused.
          // The settings accept http only for a provider on a loopback host (the contract).
          execute: [
            client.enableNonRepudiationChecks,
            ...(url.protocol === 'http:' ? [client.allowInsecureRequests] : []),
          ],
        },
      ),
    );
    discovered.set(key, { until: Date.now() + DISCOVERY_TTL_MS, config });
    // A failed discovery is not remembered: the next sign-in tries again.
    config.catch(() => discovered.delete(key));
    return config;
  }

  return {
    /** Where to send the browser, and the secrets the callback must check the answer against. */
    async authorizationUrl(settings: ProviderSettings, redirectUri: string) {
      const config = await configurationFor(settings);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Exchanges the code and returns the id token's claims, checked. */
    async exchange(
      settings: ProviderSettings,
      currentUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ) {
      const config = await configurationFor(settings);
      const tokens = await reaching(() =>
        client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        }),
      );
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no id token');
      if (claims.email !== undefined) return { ...claims };
      // Many providers give the e-mail at the userinfo endpoint only; its subject must be the
      // id token's (openid-client checks it).
      const userInfo = await reaching(() =>
        client.fetchUserInfo(config, tokens.access_token, claims.sub),
      );
      return {
        ...userInfo,
        ...claims,
        email: userInfo.email,
        email_verified: userInfo.email_verified,
      };
    },
  };
}
