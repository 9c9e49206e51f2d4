// Shared data for the web app's component tests: entities shaped as the API answers them.
import type { ToolStance } from '@stackyard/contracts/stack';
import type { Tool } from '@stackyard/contracts/tool';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';

export const WORKSPACE_ID = '11111111-1111-4111-8111-111111111111';

/** An API answer with a JSON body. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Tool number `n` (1 to 9) of the workspace: 'Tool n' at /tool-n, unrated unless given a rating. */
export const toolFixture = (
  n: number,
  rating: number | null = null,
  stance: ToolStance = 'accepted',
): Tool => ({
  workspace_tool_id: `22222222-2222-4222-8222-00000000000${n}`,
  workspace_id: WORKSPACE_ID,
  context: { rating },
  stance,
  raw_submitted_url: `https://tool${n}.example`,
  slug: `tool-${n}`,
  metadata: {
    name: `Tool ${n}`,
    description: null,
    image_url: null,
    icon_url: null,
    media: { icon: null, image: null },
    canonical_links: { homepage_url: null, forge_url: null },
    community_links: { discord_url: null, slack_url: null },
  },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

/** The workspace ana/tooling as the caller sees it; override the caller's access and the names. */
export const workspaceFixture = (fields: Partial<WorkspaceListItem> = {}): WorkspaceListItem => ({
  id: WORKSPACE_ID,
  name: 'Tooling',
  slug: 'tooling',
  description: null,
  owner_id: '99999999-9999-4999-8999-999999999999',
  access_level: 'admin',
  is_owner: true,
  owner_username: 'ana',
  previous_slugs: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...fields,
});
