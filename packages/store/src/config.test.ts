import { describe, expect, it } from 'vitest';
import { githubAppEnvSchema, installUrl, parseInstallState } from './config.ts';
import { createFakeGithubApp } from './testing/fake-github.ts';

const workspaceId = '3f1b7a52-6a0e-4d55-9a39-2d7c0f6f4b10';
const { privateKey } = createFakeGithubApp();

describe('githubAppEnvSchema', () => {
  it('is null when no GitHub App variable is set, so storage shows how to set it up', () => {
    expect(githubAppEnvSchema.parse({})).toBeNull();
    expect(githubAppEnvSchema.parse({ GITHUB_API_URL: 'http://127.0.0.1:1' })).toBeNull();
  });

  it('stops when the app is set without its OAuth client, which verifying installations needs', () => {
    const result = githubAppEnvSchema.safeParse({
      GITHUB_APP_ID: '12345',
      GITHUB_APP_PRIVATE_KEY: privateKey,
      GITHUB_APP_SLUG: 'stackyard-dev',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'GITHUB_APP_CLIENT_ID',
      'GITHUB_APP_CLIENT_SECRET',
    ]);
  });

  it('reads a complete app with GitHub.com defaults and a one-line PEM', () => {
    const config = githubAppEnvSchema.parse({
      GITHUB_APP_ID: '12345',
      GITHUB_APP_PRIVATE_KEY: privateKey.replaceAll('\n', '\\n'),
      GITHUB_APP_SLUG: 'stackyard-dev',
      GITHUB_APP_CLIENT_ID: 'Iv23liAbCdEf012345',
      GITHUB_APP_CLIENT_SECRET: ` ${'0123456789abcdef'.repeat(2)}01234567 `,
    });
    expect(config).toEqual({
      appId: '12345',
      privateKey: privateKey.trim(),
      appSlug: 'stackyard-dev',
      clientId: 'Iv23liAbCdEf012345',
      clientSecret: `${'0123456789abcdef'.repeat(2)}01234567`,
      webBaseUrl: 'https://github.com',
      apiBaseUrl: 'https://api.github.com',
    });
  });

  it('names each missing or bad variable once any is set', () => {
    const result = githubAppEnvSchema.safeParse({
      GITHUB_APP_ID: 'abc',
      GITHUB_APP_PRIVATE_KEY: 'not a key',
      GITHUB_APP_CLIENT_SECRET: 'short-secret',
      GITHUB_API_URL: 'ftp://example.test',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        ['GITHUB_APP_ID', 'must be the numeric App ID shown on the GitHub App settings page'],
        ['GITHUB_APP_PRIVATE_KEY', 'must be the PEM private key generated for the GitHub App'],
        ['GITHUB_APP_SLUG', 'is required once any GITHUB_APP_* variable is set'],
        ['GITHUB_APP_CLIENT_ID', 'is required once any GITHUB_APP_* variable is set'],
        ['GITHUB_APP_CLIENT_SECRET', 'must be a client secret generated on the GitHub App settings page'],
      ]),
    );
    expect(issues.map(([name]) => name)).toContain('GITHUB_API_URL');
    // The secret is named, never echoed.
    expect(JSON.stringify(result.error?.issues)).not.toContain('short-secret');
  });
});

describe('installUrl', () => {
  it('opens the app installation page with state holding the workspace id', () => {
    const url = new URL(installUrl('stackyard-dev', { workspaceId }));
    expect(url.origin + url.pathname).toBe('https://github.com/apps/stackyard-dev/installations/new');
    expect(JSON.parse(url.searchParams.get('state') ?? '')).toEqual({ workspaceId });
    expect(parseInstallState(url.searchParams.get('state'))).toEqual({ workspaceId });
  });

  it('uses the configured web base URL, with or without a path', () => {
    expect(installUrl('app', { workspaceId }, 'http://127.0.0.1:4000/ghe/')).toMatch(
      /^http:\/\/127\.0\.0\.1:4000\/ghe\/apps\/app\/installations\/new\?state=/,
    );
  });

  it('refuses a state that is missing, not JSON or not about a workspace', () => {
    expect(parseInstallState(null)).toBeNull();
    expect(parseInstallState('')).toBeNull();
    expect(parseInstallState('{oops')).toBeNull();
    expect(parseInstallState('{"workspaceId":"nope"}')).toBeNull();
    expect(parseInstallState('"x"')).toBeNull();
  });
});
