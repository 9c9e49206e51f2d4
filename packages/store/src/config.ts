// The GitHub App stackyard acts as. Base URLs are configurable so tests (and GitHub Enterprise Server) point
// the same code at another host; the server composes `githubAppEnvSchema` into its own environment schema.
import { z } from 'zod';

const PEM_PRIVATE_KEY = /-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----/;

export const githubAppConfigSchema = z.object({
  appId: z.coerce
    .string()
    .regex(/^[1-9]\d*$/, 'must be the numeric App ID shown on the GitHub App settings page'),
  // Environment variables often carry the PEM on one line with literal "\n"; GitHub issues PKCS#1 keys
  // ("BEGIN RSA PRIVATE KEY") while some tools convert them to PKCS#8: both are accepted.
  privateKey: z
    .string()
    .transform((value) => value.replaceAll('\\n', '\n').trim())
    .refine(
      (value) => PEM_PRIVATE_KEY.test(value),
      'must be the PEM private key generated for the GitHub App',
    ),
  appSlug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'must be the app slug from https://github.com/apps/<slug>'),
  // The app's OAuth credentials: the installation callback's `code` is exchanged with them for a user token, to
  // check that the user who installed may use the installation (GitHub's advice for the setup redirect).
  clientId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+$/, 'must be the Client ID shown on the GitHub App settings page'),
  clientSecret: z
    .string()
    .trim()
    .min(20, 'must be a client secret generated on the GitHub App settings page'),
  webBaseUrl: z.url({ protocol: /^https?$/ }).default('https://github.com'),
  apiBaseUrl: z.url({ protocol: /^https?$/ }).default('https://api.github.com'),
});

export type GithubAppConfig = z.infer<typeof githubAppConfigSchema>;

export const GITHUB_ENV_NAMES = {
  appId: 'GITHUB_APP_ID',
  privateKey: 'GITHUB_APP_PRIVATE_KEY',
  appSlug: 'GITHUB_APP_SLUG',
  clientId: 'GITHUB_APP_CLIENT_ID',
  clientSecret: 'GITHUB_APP_CLIENT_SECRET',
  webBaseUrl: 'GITHUB_WEB_URL',
  apiBaseUrl: 'GITHUB_API_URL',
} as const;

const REQUIRED = ['appId', 'privateKey', 'appSlug', 'clientId', 'clientSecret'] as const;

/**
 * Reads the GitHub App from the environment. No variable set means storage is simply not configured (the
 * storage page explains how to set it up); some but not all set is a mistake that must stop start-up, with
 * the variable's name and why.
 */
export const githubAppEnvSchema = z
  .object({
    GITHUB_APP_ID: z.string().optional(),
    GITHUB_APP_PRIVATE_KEY: z.string().optional(),
    GITHUB_APP_SLUG: z.string().optional(),
    GITHUB_APP_CLIENT_ID: z.string().optional(),
    GITHUB_APP_CLIENT_SECRET: z.string().optional(),
    GITHUB_WEB_URL: z.string().optional(),
    GITHUB_API_URL: z.string().optional(),
  })
  .transform((env, context): GithubAppConfig | null => {
    const raw = {
      appId: env.GITHUB_APP_ID || undefined,
      privateKey: env.GITHUB_APP_PRIVATE_KEY || undefined,
      appSlug: env.GITHUB_APP_SLUG || undefined,
      clientId: env.GITHUB_APP_CLIENT_ID || undefined,
      clientSecret: env.GITHUB_APP_CLIENT_SECRET || undefined,
      webBaseUrl: env.GITHUB_WEB_URL || undefined,
      apiBaseUrl: env.GITHUB_API_URL || undefined,
    };
    if (REQUIRED.every((key) => raw[key] === undefined)) return null;
    const parsed = githubAppConfigSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const name =
        typeof key === 'string' && key in GITHUB_ENV_NAMES
          ? GITHUB_ENV_NAMES[key as keyof typeof GITHUB_ENV_NAMES]
          : String(key);
      const message =
        issue.code === 'invalid_type' ? 'is required once any GITHUB_APP_* variable is set' : issue.message;
      context.addIssue({ code: 'custom', path: [name], message });
    }
    return z.NEVER;
  });

/** What the install URL carries through GitHub and back to /callback/workspace_github_storage_update. */
export const installStateSchema = z.object({ workspaceId: z.uuid() });
export type InstallState = z.infer<typeof installStateSchema>;

/**
 * The page where a user installs the app. With "Request user authorization (OAuth) during installation" on,
 * GitHub sends the browser to the app's callback URL with installation_id, setup_action, code and `state`
 * untouched.
 */
export function installUrl(appSlug: string, state: InstallState, webBaseUrl = 'https://github.com'): string {
  const url = new URL(`apps/${encodeURIComponent(appSlug)}/installations/new`, withTrailingSlash(webBaseUrl));
  url.searchParams.set('state', JSON.stringify(installStateSchema.parse(state)));
  return url.href;
}

/** The callback's `state` back into a workspace id, or null when it is missing or not ours. */
export function parseInstallState(raw: string | null | undefined): InstallState | null {
  if (!raw) return null;
  try {
    const parsed = installStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
