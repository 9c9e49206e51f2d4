import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { githubAppEnvSchema, type GithubAppConfig } from '@stackyard/store/config';
import {
  DEFAULT_INGESTION_SETTINGS,
  type IngestionSettings,
} from '@stackyard/api/ingestion/ingestion-settings';
import { DEFAULT_STORE_SETTINGS, type StoreSettings } from '@stackyard/api/store/store-settings';
import { DEFAULT_FACTS_SETTINGS, type FactsSettings } from '@stackyard/api/facts/facts-settings';
import { DEFAULT_HEALTH_SETTINGS, type HealthSettings } from '@stackyard/api/health/health-context';
import { DEFAULT_LLM_TIMEOUT_MS, type LlmSettings } from '@stackyard/api/suggestions/llm';
import { DEFAULT_ARGON2, identityConfig, type IdentityConfig } from '@stackyard/identity/config';
import type { RateLimitSettings } from './plugins/rate-limits.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^/]+/, 'must be an http:// or https:// URL')
  .transform((value) => value.replace(/\/+$/, ''));

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const oidcProviders = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    issuer: z.string().url(),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    label: z.string().optional(),
    scopes: z.array(z.string()).optional(),
  }),
);

/** Every setting of the process, read once from the environment. docs/configuration.md lists them. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * What this process serves: everything, the product API with the SPA, the identity API alone, or the job
   * workers alone (no HTTP API: /healthz and /readyz only).
   */
  ROLE: z.enum(['all', 'api', 'identity', 'worker']).default('all'),
  /**
   * Whether this process runs the job workers (ingestion, bookmark imports). Unset: yes for `all` and
   * `worker`, no for `api` (run `--role worker` processes beside it) and `identity`.
   */
  RUN_WORKERS: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  HOST: z.string().min(1).default('localhost'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(`${repoRoot}apps/web/dist`),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Which proxies to believe about the client's address (rate limits key on it): unset trusts none;
   * `true` trusts all, a number that many hops, else a comma-separated list of addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .transform((value): boolean | number | string[] =>
      value === 'true'
        ? true
        : /^\d+$/.test(value)
          ? Number(value)
          : value
              .split(',')
              .map((entry) => entry.trim())
              .filter(Boolean),
    )
    .optional(),
  /** The window of the product API's and /mcp's rate limits. */
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Requests per window of one access token, or of one signed-in user (all their sessions together). */
  API_RATE_LIMIT_PER_CALLER: z.coerce.number().int().min(1).default(1200),
  /** Requests per window from one client address (TRUST_PROXY decides what that is). */
  API_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(3000),

  // Ingestion: the in-process worker that reads submitted URLs.
  /** Ingestion jobs one process runs at once. */
  INGESTION_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(DEFAULT_INGESTION_SETTINGS.concurrency),
  /** Background enrichment jobs (imported bookmarks) one process runs at once, besides the above. */
  INGESTION_ENRICHMENT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(DEFAULT_INGESTION_SETTINGS.enrichmentConcurrency),
  /** Comma-separated intranet hosts, addresses or CIDR ranges the fetcher may reach; empty: public only. */
  INGESTION_INTRANET_ALLOWLIST: commaList.default([]),
  /** Comma-separated domains never fetched (subdomains included): quarantined as blocked_domain. */
  INGESTION_DENY_DOMAINS: commaList.default([]),
  /** One ingestion attempt's time limit; a stuck one is abandoned and retried. */
  /** Enrichment jobs fetching from one host at once (per process). */
  INGESTION_HOST_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(DEFAULT_INGESTION_SETTINGS.hostLimits.concurrency),
  /** Least time between the starts of two enrichment fetches of one host (per process). */
  INGESTION_HOST_SPACING_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(DEFAULT_INGESTION_SETTINGS.hostLimits.spacingMs),
  INGESTION_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(DEFAULT_INGESTION_SETTINGS.timeoutMs),
  /** Attempts per submission before transient failures (timeouts, 5xx) make it failed. */
  INGESTION_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(DEFAULT_INGESTION_SETTINGS.maxAttempts),
  /** Global tool metadata younger than this is reused by other workspaces without fetching. */
  INGESTION_STALE_AFTER_DAYS: z.coerce.number().min(0).default(30),

  // Repository store: the GitHub App workspaces sync through. None set: storage is not configured.
  GITHUB_APP_ID: z.string().optional(),
  /** The app's PEM private key, or the path of a file holding it. Never logged. */
  GITHUB_APP_PRIVATE_KEY: z
    .string()
    .transform((value, context) => {
      if (value.includes('-----BEGIN')) return value;
      try {
        return readFileSync(value, 'utf8');
      } catch {
        context.addIssue({
          code: 'custom',
          message: 'must be the PEM private key of the GitHub App, or the path of a readable file holding it',
        });
        return z.NEVER;
      }
    })
    .optional(),
  GITHUB_APP_SLUG: z.string().optional(),
  /** The app's OAuth client, to check that whoever links an installation may use it. The secret is never logged. */
  GITHUB_APP_CLIENT_ID: z.string().optional(),
  GITHUB_APP_CLIENT_SECRET: z.string().optional(),
  /** How long a workspace must be quiet before its changes are synced as one commit. */
  STORE_SYNC_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),

  // Tool facts: the upstream APIs (GITHUB_API_URL above too) and how old facts may get.
  /** Optional GitHub token for the facts fetcher (5,000 requests an hour instead of 60). Never logged. */
  GITHUB_TOKEN: z.string().min(1).optional(),
  NPM_REGISTRY_URL: httpUrl.default(DEFAULT_FACTS_SETTINGS.registries.npmRegistryUrl),
  NPM_DOWNLOADS_URL: httpUrl.default(DEFAULT_FACTS_SETTINGS.registries.npmDownloadsUrl),
  PYPI_URL: httpUrl.default(DEFAULT_FACTS_SETTINGS.registries.pypiUrl),
  CRATES_URL: httpUrl.default(DEFAULT_FACTS_SETTINGS.registries.cratesUrl),
  DEPS_DEV_URL: httpUrl.default(DEFAULT_FACTS_SETTINGS.registries.depsDevUrl),
  /** Facts older than this are refreshed by the periodic sweep. */
  FACTS_MAX_AGE_DAYS: z.coerce.number().min(0.001).default(7),
  // Link health of saved items: how often each link is checked again, and how politely.
  /** Links checked longer ago than this are checked again by the periodic sweep. */
  LINK_HEALTH_INTERVAL_DAYS: z.coerce.number().min(0.001).default(7),
  /** Failed checks in a row before a link is shown as failing. */
  LINK_HEALTH_FAILING_AFTER: z.coerce.number().int().min(1).max(100).default(3),
  /** Least time between two checks of one host (one check of a host runs at a time). */
  LINK_HEALTH_HOST_SPACING_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  // Project suggestions: an optional OpenAI-compatible language model. Unset: the built-in engine.
  /** The endpoint's base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  LLM_BASE_URL: httpUrl.optional(),
  /** Sent as a bearer token; never logged. A local model may need none. */
  LLM_API_KEY: z.string().min(1).optional(),
  /** The model's name; with LLM_BASE_URL it turns the language-model mode on. */
  LLM_MODEL: z.string().min(1).optional(),
  /** How long a suggestion request waits for the model before the built-in engine answers instead. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(DEFAULT_LLM_TIMEOUT_MS),

  // Identity service (packages/identity). Every one has a default, so a local start needs none.
  /** Where browsers reach the app; default http://<HOST>:<PORT> (localhost for a wildcard HOST). */
  PUBLIC_URL: httpUrl.optional(),
  /** Where browsers reach the identity API; default <PUBLIC_URL>/.ory. */
  IDENTITY_PUBLIC_URL: httpUrl.optional(),
  IDENTITY_SESSION_LIFESPAN_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /** How recent a sign-in must be to change the password or e-mail (Kratos's privileged_session_max_age). */
  IDENTITY_REAUTH_AFTER_SECONDS: z.coerce.number().int().min(0).default(900),
  IDENTITY_TOKENIZE_TEMPLATE: z.string().min(1).default('stackyard'),
  IDENTITY_SIGNING_ALGORITHM: z.enum(['EdDSA', 'ES256']).default('EdDSA'),
  IDENTITY_SIGNING_KEY_MAX_AGE_DAYS: z.coerce.number().min(1).default(30),
  /** HMAC secret of one-time codes; when unset one is made on first start and kept in the database. */
  IDENTITY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  IDENTITY_ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).default(DEFAULT_ARGON2.memoryCost),
  IDENTITY_ARGON2_TIME_COST: z.coerce.number().int().min(1).max(20).default(DEFAULT_ARGON2.timeCost),
  IDENTITY_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  IDENTITY_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(200),
  IDENTITY_RATE_LIMIT_PER_IDENTIFIER: z.coerce.number().int().min(1).default(10),
  /** smtp:// or smtps://; without it mails (codes included) go to the log and stay in the jobs table (the mail queue). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('stackyard <no-reply@localhost>'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_WEB_URL: httpUrl.default('https://github.com'),
  GITHUB_API_URL: httpUrl.default('https://api.github.com'),
  /** Comma-separated origins allowed to call /.ory from a browser (when the identity API has its own host). */
  IDENTITY_CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/]+$/, 'must list origins like https://app.example')))
    .optional(),
  /** JSON list of OpenID Connect providers: [{"id","issuer","client_id","client_secret","label"?,"scopes"?}]. */
  IDENTITY_OIDC_PROVIDERS: z
    .string()
    .transform((value, context) => {
      try {
        return oidcProviders.parse(JSON.parse(value));
      } catch {
        context.addIssue({
          code: 'custom',
          message: 'must be a JSON list of {id, issuer, client_id, client_secret}',
        });
        return z.NEVER;
      }
    })
    .optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; empty strings count as unset. Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(values);
  if (result.success) {
    // Some but not all GITHUB_APP_* variables set is a mistake worth stopping for.
    const github = githubAppEnvSchema.safeParse(githubEnv(result.data));
    if (github.success) return result.data;
    throw new ConfigError(github.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
}

/** The address the process listens on, as a URL (localhost for a wildcard HOST). */
export function listenUrl(config: Config): string {
  const host = ['0.0.0.0', '::'].includes(config.HOST)
    ? 'localhost'
    : config.HOST.includes(':')
      ? `[${config.HOST}]`
      : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/** Where browsers reach this process: PUBLIC_URL, else the address it listens on. */
export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? listenUrl(config);
}

/** Where browsers reach the identity API: IDENTITY_PUBLIC_URL, else <public URL>/.ory. */
export function identityPublicUrl(config: Config): string {
  return config.IDENTITY_PUBLIC_URL ?? `${publicUrl(config)}/.ory`;
}

/** The identity service's settings, derived from the process's. */
export function identitySettings(config: Config): IdentityConfig {
  const webUrl = publicUrl(config);
  const github =
    config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET
      ? [
          {
            id: 'github',
            kind: 'github' as const,
            clientId: config.GITHUB_CLIENT_ID,
            clientSecret: config.GITHUB_CLIENT_SECRET,
            issuerUrl: config.GITHUB_WEB_URL,
            apiUrl: config.GITHUB_API_URL,
            scopes: ['read:user', 'user:email'],
            label: 'GitHub',
          },
        ]
      : [];
  const generic = (config.IDENTITY_OIDC_PROVIDERS ?? []).map((provider) => ({
    id: provider.id,
    kind: 'generic' as const,
    clientId: provider.client_id,
    clientSecret: provider.client_secret,
    issuerUrl: provider.issuer,
    scopes: provider.scopes ?? ['openid', 'email', 'profile'],
    ...(provider.label ? { label: provider.label } : {}),
  }));
  return identityConfig(
    { webUrl, publicUrl: identityPublicUrl(config) },
    {
      sessionLifespanSeconds: config.IDENTITY_SESSION_LIFESPAN_SECONDS,
      privilegedSessionSeconds: config.IDENTITY_REAUTH_AFTER_SECONDS,
      tokenizeTemplate: config.IDENTITY_TOKENIZE_TEMPLATE,
      signingAlgorithm: config.IDENTITY_SIGNING_ALGORITHM,
      signingKeyMaxAgeSeconds: config.IDENTITY_SIGNING_KEY_MAX_AGE_DAYS * 86_400,
      secret: config.IDENTITY_SECRET,
      argon2: {
        memoryCost: config.IDENTITY_ARGON2_MEMORY_KIB,
        timeCost: config.IDENTITY_ARGON2_TIME_COST,
        parallelism: DEFAULT_ARGON2.parallelism,
      },
      rateLimit: {
        windowSeconds: config.IDENTITY_RATE_LIMIT_WINDOW_SECONDS,
        perIp: config.IDENTITY_RATE_LIMIT_PER_IP,
        perIdentifier: config.IDENTITY_RATE_LIMIT_PER_IDENTIFIER,
      },
      smtpUrl: config.SMTP_URL,
      mailFrom: config.MAIL_FROM,
      oidcProviders: [...github, ...generic],
      corsOrigins: config.IDENTITY_CORS_ORIGINS ?? [],
    },
  );
}

/** The product API's rate limits from the environment. */
export function rateLimitSettings(config: Config): RateLimitSettings {
  return {
    windowSeconds: config.API_RATE_LIMIT_WINDOW_SECONDS,
    perCaller: config.API_RATE_LIMIT_PER_CALLER,
    perAddress: config.API_RATE_LIMIT_PER_IP,
  };
}

/** The ingestion worker's settings from the environment. */
export function ingestionSettings(config: Config): IngestionSettings {
  return {
    ...DEFAULT_INGESTION_SETTINGS,
    concurrency: config.INGESTION_CONCURRENCY,
    enrichmentConcurrency: config.INGESTION_ENRICHMENT_CONCURRENCY,
    hostLimits: {
      concurrency: config.INGESTION_HOST_CONCURRENCY,
      spacingMs: config.INGESTION_HOST_SPACING_MS,
    },
    timeoutMs: config.INGESTION_JOB_TIMEOUT_MS,
    maxAttempts: config.INGESTION_MAX_ATTEMPTS,
    staleAfterMs: config.INGESTION_STALE_AFTER_DAYS * 24 * 3600 * 1000,
    allowlist: config.INGESTION_INTRANET_ALLOWLIST,
    denyDomains: config.INGESTION_DENY_DOMAINS,
  };
}

/** The link health checks' settings from the environment. */
export function healthSettings(config: Config): HealthSettings {
  return {
    ...DEFAULT_HEALTH_SETTINGS,
    intervalMs: config.LINK_HEALTH_INTERVAL_DAYS * 24 * 3600 * 1000,
    failingAfter: config.LINK_HEALTH_FAILING_AFTER,
    hostLimits: { concurrency: 1, spacingMs: config.LINK_HEALTH_HOST_SPACING_MS },
    allowlist: config.INGESTION_INTRANET_ALLOWLIST,
    denyDomains: config.INGESTION_DENY_DOMAINS,
  };
}

/** The tool facts fetcher's settings from the environment. */
export function factsSettings(config: Config): FactsSettings {
  return {
    ...DEFAULT_FACTS_SETTINGS,
    github: { apiUrl: config.GITHUB_API_URL, token: config.GITHUB_TOKEN },
    registries: {
      npmRegistryUrl: config.NPM_REGISTRY_URL,
      npmDownloadsUrl: config.NPM_DOWNLOADS_URL,
      pypiUrl: config.PYPI_URL,
      cratesUrl: config.CRATES_URL,
      depsDevUrl: config.DEPS_DEV_URL,
    },
    http: { allowlist: config.INGESTION_INTRANET_ALLOWLIST },
    maxAgeMs: config.FACTS_MAX_AGE_DAYS * 24 * 3600 * 1000,
  };
}

function githubEnv(config: Config) {
  return {
    GITHUB_APP_ID: config.GITHUB_APP_ID,
    GITHUB_APP_PRIVATE_KEY: config.GITHUB_APP_PRIVATE_KEY,
    GITHUB_APP_SLUG: config.GITHUB_APP_SLUG,
    GITHUB_APP_CLIENT_ID: config.GITHUB_APP_CLIENT_ID,
    GITHUB_APP_CLIENT_SECRET: config.GITHUB_APP_CLIENT_SECRET,
    GITHUB_WEB_URL: config.GITHUB_WEB_URL,
    GITHUB_API_URL: config.GITHUB_API_URL,
  };
}

/** The GitHub App of the repository store, or null when storage is not configured. */
export function githubAppSettings(config: Config): GithubAppConfig | null {
  return githubAppEnvSchema.parse(githubEnv(config));
}

/** Whether this process runs the job workers: RUN_WORKERS when set, else the role decides. */
export function runsWorkers(config: Config): boolean {
  return config.RUN_WORKERS ?? (config.ROLE === 'all' || config.ROLE === 'worker');
}

/** The repository store's settings from the environment. */
export function storeSettings(config: Config): StoreSettings {
  return {
    ...DEFAULT_STORE_SETTINGS,
    app: githubAppSettings(config),
    syncDelayMs: config.STORE_SYNC_DELAY_MS,
    maxWaitMs: Math.max(DEFAULT_STORE_SETTINGS.maxWaitMs, config.STORE_SYNC_DELAY_MS * 12),
  };
}

/** The language model of project suggestions, or null (the built-in engine) unless a URL and model are set. */
export function llmSettings(config: Config): LlmSettings | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  return {
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY ?? null,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
  };
}
