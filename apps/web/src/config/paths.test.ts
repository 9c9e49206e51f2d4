// @vitest-environment node
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds the static routes', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.about.getHref()).toBe('/about');
    expect(paths.auth.login.getHref()).toBe('/login');
    expect(paths.auth.register.getHref()).toBe('/register');
    expect(paths.auth.recovery.getHref()).toBe('/recovery');
    expect(paths.dashboard.getHref()).toBe('/dashboard');
    expect(paths.callbacks.workspaceGithubStorageUpdate.getHref()).toBe(
      '/callback/workspace_github_storage_update',
    );
  });

  it('builds workspace routes', () => {
    expect(paths.workspace.dashboard.getHref('ana', 'tooling')).toBe('/ana/tooling');
    expect(paths.workspace.tools.getHref('ana', 'tooling')).toBe('/ana/tooling/tools');
    expect(paths.workspace.tool.getHref('ana', 'tooling', 'vite')).toBe('/ana/tooling/tools/vite');
    expect(paths.workspace.projects.getHref('ana', 'tooling')).toBe('/ana/tooling/projects');
    expect(paths.workspace.project.getHref('ana', 'tooling', 'cli')).toBe('/ana/tooling/projects/cli');
    expect(paths.workspace.resources.getHref('ana', 'tooling')).toBe('/ana/tooling/resources');
    expect(paths.workspace.resource.getHref('ana', 'tooling', '42')).toBe('/ana/tooling/resources/42');
    expect(paths.workspace.toolIngestions.getHref('ana', 'tooling')).toBe('/ana/tooling/tool-ingestions');
    expect(paths.workspace.compare.getHref('ana', 'tooling', ['vite', 'esbuild'])).toBe(
      '/ana/tooling/compare?tools=vite,esbuild',
    );
    expect(paths.workspace.compare.getHref('ana', 'tooling', [])).toBe('/ana/tooling/compare');
    expect(paths.workspace.suggestions.getHref('ana', 'tooling')).toBe('/ana/tooling/suggestions');
  });

  it('encodes every parameter as one path segment', () => {
    expect(paths.workspace.tool.getHref('ana maria', 'a/b', 'c?d#e&f')).toBe(
      '/ana%20maria/a%2Fb/tools/c%3Fd%23e%26f',
    );
    expect(paths.workspace.resource.getHref('zoë', '100%', '../x')).toBe('/zo%C3%AB/100%25/resources/..%2Fx');
    expect(paths.settings.workspaceStorage.getHref('id/1')).toBe('/settings/workspace/id%2F1/storage');
  });

  it('puts optional values in the query string', () => {
    expect(paths.settings.root.getHref()).toBe('/settings');
    expect(paths.settings.root.getHref('account')).toBe('/settings?tab=account');
    expect(paths.workspace.toolIngestions.getHref('ana', 'tooling', 'resource')).toBe(
      '/ana/tooling/tool-ingestions?kind=resource',
    );
    expect(paths.workspace.suggestions.getHref('ana', 'tooling', 'learn rust')).toBe(
      '/ana/tooling/suggestions?focus=learn+rust',
    );
    expect(paths.workspace.suggestions.getHref('ana', 'tooling', '')).toBe('/ana/tooling/suggestions');
    expect(paths.auth.verify.getHref()).toBe('/verify');
    expect(paths.auth.verify.getHref('a&b=c d')).toBe('/verify?flow=a%26b%3Dc+d');
    expect(paths.auth.error.getHref()).toBe('/error');
    expect(paths.auth.error.getHref('a&b')).toBe('/error?id=a%26b');
  });

  it('builds hrefs that the router pattern of the same route matches', () => {
    const cases = [
      [paths.workspace.dashboard.path, paths.workspace.dashboard.getHref('ana', 'my space')],
      [paths.workspace.tool.path, paths.workspace.tool.getHref('ana', 'tooling', 'a/b')],
      [paths.workspace.project.path, paths.workspace.project.getHref('ana', 'tooling', 'p?q')],
      [paths.workspace.resource.path, paths.workspace.resource.getHref('ana', 'tooling', 'r#1')],
      [paths.workspace.toolIngestions.path, paths.workspace.toolIngestions.getHref('ana', 'tooling')],
      [paths.settings.workspaceStorage.path, paths.settings.workspaceStorage.getHref('w 1')],
    ] as const;
    for (const [pattern, href] of cases) {
      expect(matchPath(pattern, href), `${pattern} should match ${href}`).not.toBeNull();
    }
    expect(
      matchPath(paths.workspace.tool.path, paths.workspace.tool.getHref('a', 'b', 'x/y'))?.params,
    ).toEqual({
      username: 'a',
      workspaceSlug: 'b',
      toolSlug: 'x/y',
    });
  });
});
