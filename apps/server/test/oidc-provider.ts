import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type KoaContextWithOIDC,
} from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on loopback for the single sign-on tests: one static
 * confidential client, accounts by e-mail, the development login form (any password), and an
 * in-memory store the test can reach to expire or alter an issued code.
 */
export type TestOidcProvider = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Follows the provider's redirects from an authorization URL, signing in as `email`, and
   *  returns the redirect back to the client (its callback URL with code and state). */
  signIn: (authorizationUrl: string, email: string) => Promise<URL>;
  /** Adds an account, or replaces the one with the same login (to change its e-mail). */
  setAccount: (account: TestAccount) => void;
  /** Changes every stored authorization code (to expire it, or to give it another nonce). */
  alterCodes: (change: (payload: AdapterPayload) => void) => void;
  /** Alters the id token of the next token response on its way to the client. */
  alterNextIdToken: (change: (idToken: string) => string) => void;
  close: () => Promise<void>;
};

export type TestAccount = {
  email: string;
  name: string;
  emailVerified?: boolean;
  /** What is typed at the provider's login, its account id and so the subject (`sub`) the
   *  provider gives; the e-mail unless set. */
  login?: string;
};

const epoch = () => Math.floor(Date.now() / 1000);

export async function startTestOidcProvider(options: {
  redirectUri: string;
  accounts: TestAccount[];
  /** Shows the provider's consent page before the first grant, as a browser journey sees it;
   *  otherwise the grant is given at once (the fetch-driven signIn does not answer it). */
  askConsent?: boolean;
}): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'b2b-analytics';
  const clientSecret = 'test-client-secret-0123456789';

  // Every model's records, by model name and id (oidc-provider's adapter interface).
  const store = new Map<string, Map<string, AdapterPayload>>();
  class MemoryAdapter implements Adapter {
    private readonly records: Map<string, AdapterPayload>;
    constructor(name: string) {
      this.records = store.get(name) ?? new Map();
      store.set(name, this.records);
    }
    async upsert(id: string, payload: AdapterPayload) {
      this.records.set(id, payload);
    }
    async find(id: string) {
      return this.records.get(id);
    }
    async findByUid(uid: string) {
      return [...this.records.values()].find((p) => p.uid === uid);
    }
    async findByUserCode(userCode: string) {
      return [...this.records.values()].find((p) => p.userCode === userCode);
    }
    async consume(id: string) {
      const payload = this.records.get(id);
      if (payload) payload.consumed = epoch();
    }
    async destroy(id: string) {
      this.records.delete(id);
    }
    async revokeByGrantId(grantId: string) {
      for (const [id, p] of this.records) if (p.grantId === grantId) this.records.delete(id);
    }
  }

  const accounts = new Map(options.accounts.map((a) => [a.login ?? a.email, a]));
  const provider = new Provider(issuerUrl, {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
        }),
      };
    },
    // First-party client: the grant is given without a consent screen (unless asked for).
    ...(options.askConsent
      ? {}
      : {
          async loadExistingGrant(ctx: KoaContextWithOIDC) {
            const grant = new ctx.oidc.provider.Grant({
              clientId: ctx.oidc.client!.clientId,
              accountId: ctx.oidc.session!.accountId!,
            });
            grant.addOIDCScope('openid email profile');
            await grant.save();
            return grant;
          },
        }),
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-0123456789'] },
  });
  const handle = provider.callback();
  let alterIdToken: ((idToken: string) => string) | undefined;
  server.on('request', (req, res) => {
    const change = alterIdToken;
    if (change && req.method === 'POST' && req.url?.startsWith('/token')) {
      alterIdToken = undefined;
      // The provider sends the whole JSON body in one end(): rewrite it there.
      const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
      res.end = ((chunk?: unknown) => {
        if (!chunk) return end(chunk);
        const body = JSON.parse(String(chunk)) as { id_token?: string };
        if (body.id_token) body.id_token = change(body.id_token);
        const text = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(text));
        return end(text);
      }) as typeof res.end;
    }
    void handle(req, res);
  });

  /** Cookies the provider set, as one Cookie header (the browser's part). */
  const jar = new Map<string, string>();
  function keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  async function step(url: URL, init: RequestInit = {}): Promise<URL> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookie() },
    });
    keep(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
    return new URL(location, url);
  }

  return {
    issuerUrl,
    clientId,
    clientSecret,
    async signIn(authorizationUrl, login) {
      jar.clear();
      const interaction = await step(new URL(authorizationUrl));
      // The development login form: prompt=login, login=<account id>, any password.
      let next = await step(interaction, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'x' }).toString(),
      });
      while (next.origin === issuerUrl) next = await step(next);
      return next;
    },
    setAccount(account) {
      accounts.set(account.login ?? account.email, account);
    },
    alterNextIdToken(change) {
      alterIdToken = change;
    },
    alterCodes(change) {
      for (const payload of store.get('AuthorizationCode')?.values() ?? []) change(payload);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
