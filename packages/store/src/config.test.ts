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

  it('reads a complete app with GitHub.com defaults and a one-line PEM', () => {
    const config = githubAppEnvSchema.parse({
      GITHUB_APP_ID: '12345',
      GITHUB_APP_PRIVATE_KEY: privateKey.replaceAll('\n', '\\n'),
      GITHUB_APP_SLUG: 'stackyard-dev',
    });
    expect(config).toEqual({
      appId: '12345',
      privateKey: privateKey.trim(),
      appSlug: 'stackyard-dev',
      webBaseUrl: 'https://github.com',
      apiBaseUrl: 'https://api.github.com',
    });
  });

  it('names each missing or bad variable once any is set', () => {
    const result = githubAppEnvSchema.safeParse({
      GITHUB_APP_ID: 'abc',
      GITHUB_APP_PRIVATE_KEY: 'not a key',
      GITHUB_API_URL: 'ftp://example.test',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        ['GITHUB_APP_ID', 'must be the numeric App ID shown on the GitHub App settings page'],
        ['GITHUB_APP_PRIVATE_KEY', 'must be the PEM private key generated for the GitHub App'],
        ['GITHUB_APP_SLUG', 'is required once any GITHUB_APP_* variable is set'],
      ]),
    );
    expect(issues.map(([name]) => name)).toContain('GITHUB_API_URL');
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
