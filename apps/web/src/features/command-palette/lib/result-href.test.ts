import { describe, expect, it } from 'vitest';
import { searchResultFixture, workspaceFixture } from '@/testing/fixtures';
import { resultHref } from './result-href';

const workspace = workspaceFixture();
const hit = searchResultFixture;

describe('resultHref', () => {
  it('leads to the item, and a comment to the item it is on', () => {
    expect(resultHref(workspace, hit({}))).toBe('/ana/tooling/tools/vite');
    expect(resultHref(workspace, hit({ kind: 'project', slug: 'launch' }))).toBe(
      '/ana/tooling/projects/launch',
    );
    expect(resultHref(workspace, hit({ kind: 'resource', slug: null }))).toBe(
      '/ana/tooling/resources/00000000-0000-4000-8000-0000000000aa',
    );
    expect(
      resultHref(
        workspace,
        hit({ kind: 'comment', slug: null, target: { kind: 'project', id: workspace.id, slug: 'a b' } }),
      ),
    ).toBe('/ana/tooling/projects/a%20b');
  });

  it('has nowhere to go without a slug, a target or an owner username', () => {
    expect(resultHref(workspace, hit({ slug: null }))).toBeNull();
    expect(resultHref(workspace, hit({ kind: 'comment', target: null }))).toBeNull();
    expect(resultHref({ ...workspace, owner_username: null }, hit({}))).toBeNull();
  });
});
