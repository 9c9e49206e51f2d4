/** Argon2id cost, recorded in every hash string so it can change without breaking old hashes. */
export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface RateLimitConfig {
  windowSeconds: number;
  /**
   * Per client IP per window: failed logins, and submissions of the other flows (registration,
   * verification, recovery, code sends).
   */
  perIp: number;
  /**
   * Failed logins for one identifier (e-mail) from one client IP per window; registrations and code sends
   * per e-mail. A client past it is refused; other clients are not.
   */
  perIdentifier: number;
  /** Failed logins for one identifier from all clients before its logins are slowed (default perIdentifier). */
  slowdownAfter?: number;
  /** The longest a slowed login waits before its password is checked (default 4000 ms). */
  maxDelayMs?: number;
}

export interface OidcProviderConfig {
  id: string;
  kind: 'github' | 'generic';
  clientId: string;
  clientSecret: string;
  /** github: the web base (https://github.com); generic: the issuer, read by discovery. */
  issuerUrl: string;
  /** github only: the REST API base (https://api.github.com). */
  apiUrl?: string;
  scopes: string[];
  label?: string;
}

/** Everything the identity service needs; the process that hosts it builds this from its environment. */
export interface IdentityConfig {
  /** Where the identity API is reached from the outside, e.g. http://localhost:3000/.ory (no trailing slash). */
  publicUrl: string;
  /** Pages of the web app that browser-form flows redirect to. */
  ui: {
    login: string;
    registration: string;
    verification: string;
    recovery: string;
    settings: string;
    error: string;
    /** Where a finished flow goes when it has no return_to. */
    defaultReturnTo: string;
  };
  sessionLifespanSeconds: number;
  flowLifespanSeconds: number;
  /** How recent a login must be to change the password. */
  privilegedSessionSeconds: number;
  /** The tokenize_as template the product uses. */
  tokenizeTemplate: string;
  tokenTtlSeconds: number;
  signingAlgorithm: 'EdDSA' | 'ES256';
  /** The signing key is replaced once it is this old (the old one stays published until its tokens expire). */
  signingKeyMaxAgeSeconds: number;
  /** HMAC secret for one-time codes; when empty one is made on first start and kept in the database. */
  secret?: string | undefined;
  argon2: Argon2Params;
  rateLimit: RateLimitConfig;
  /** smtp:// or smtps:// URL; without it mails go to the log and stay in the jobs table (the mail queue). */
  smtpUrl?: string | undefined;
  mailFrom: string;
  courierPollMs: number;
  oidcProviders: OidcProviderConfig[];
  /** Origins allowed to call the API from a browser with credentials (CORS); empty: same origin only. */
  corsOrigins: string[];
}

// Kratos's default is 128 MiB, t=1; one more pass puts a hash at ~110 ms on the 2-core reference machine,
// inside 100-250 ms: slow for someone guessing, unnoticed at sign-in (bench/identity prints the figure).
export const DEFAULT_ARGON2: Argon2Params = { memoryCost: 131_072, timeCost: 2, parallelism: 1 };

/** A complete config for `webUrl` (the SPA) and `publicUrl` (the identity API); overrides win. */
export function identityConfig(
  base: { webUrl: string; publicUrl: string },
  overrides: Partial<IdentityConfig> = {},
): IdentityConfig {
  const web = base.webUrl.replace(/\/$/, '');
  return {
    publicUrl: base.publicUrl.replace(/\/$/, ''),
    ui: {
      login: `${web}/login`,
      registration: `${web}/register`,
      verification: `${web}/verify`,
      recovery: `${web}/recovery`,
      settings: `${web}/settings`,
      error: `${web}/error`,
      defaultReturnTo: `${web}/`,
    },
    sessionLifespanSeconds: 24 * 3600,
    flowLifespanSeconds: 3600,
    privilegedSessionSeconds: 15 * 60,
    tokenizeTemplate: 'stackyard',
    tokenTtlSeconds: 600,
    signingAlgorithm: 'EdDSA',
    signingKeyMaxAgeSeconds: 30 * 86_400,
    argon2: DEFAULT_ARGON2,
    rateLimit: { windowSeconds: 600, perIp: 200, perIdentifier: 10 },
    mailFrom: 'stackyard <no-reply@localhost>',
    courierPollMs: 1000,
    oidcProviders: [],
    corsOrigins: [],
    ...overrides,
  };
}
