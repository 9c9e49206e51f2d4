// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { findWorkspace, matchWorkspaceRoute } from './resolve';

const workspace = (
  id: string,
  owner: string,
  slug: string,
  previous: string[] = [],
  ownerPrevious: string[] = [],
): WorkspaceListItem => ({
  id,
  name: slug,
  slug,
  owner_id: '00000000-0000-4000-8000-000000000000',
  owner_username: owner,
  access_level: 'admin',
  is_owner: true,
  previous_slugs: previous,
  owner_previous_usernames: ownerPrevious,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

const list = [
  workspace('a', 'ana', 'tools', ['old-tools'], ['ana_old']),
  workspace('b', 'bob', 'tools'),
  workspace('c', 'cy', 'notes', [], ['bob_before']),
];

describe('workspace resolution', () => {
  it('matches owner and slug', () => {
    expect(matchWorkspaceRoute(list, 'bob', 'tools')).toEqual({ kind: 'found', workspace: list[1] });
  });

  it('sends an old slug to the current one', () => {
    expect(matchWorkspaceRoute(list, 'ana', 'old-tools')).toEqual({ kind: 'moved', workspace: list[0] });
  });

  it("sends an owner's old username, with the current or an old slug, to the current address", () => {
    expect(matchWorkspaceRoute(list, 'ana_old', 'tools')).toEqual({ kind: 'moved', workspace: list[0] });
    expect(matchWorkspaceRoute(list, 'ana_old', 'old-tools')).toEqual({ kind: 'moved', workspace: list[0] });
    expect(matchWorkspaceRoute(list, 'ana_old', 'notes')).toEqual({ kind: 'none' });
  });

  it('finds nothing for another owner or an unknown slug', () => {
    expect(matchWorkspaceRoute(list, 'bob', 'old-tools')).toEqual({ kind: 'none' });
    expect(matchWorkspaceRoute(list, 'ana', 'nope')).toEqual({ kind: 'none' });
  });

  it('finds the current workspace only while it is listed', () => {
    expect(findWorkspace(list, 'b')).toBe(list[1]);
    expect(findWorkspace(list, 'gone')).toBeUndefined();
    expect(findWorkspace(list, null)).toBeUndefined();
  });
});
