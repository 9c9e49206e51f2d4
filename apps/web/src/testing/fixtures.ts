// Shared data for the web app's component tests: entities shaped as the API answers them.
import type { Submission } from '@stackyard/contracts/ingestion';
import type { Project } from '@stackyard/contracts/project';
import type { Resource } from '@stackyard/contracts/resource';
import type { SearchResult } from '@stackyard/contracts/search';
import type { Tag } from '@stackyard/contracts/tag';
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
    canonical_links: { homepage_url: null, forge_url: null, documentation_url: null },
    community_links: { discord_url: null, slack_url: null },
  },
  edited_fields: [],
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
  owner_previous_usernames: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...fields,
});

/** A pending tool submission of the workspace, as POST /ingestion/tools answers it. */
export const submissionFixture = (fields: Partial<Submission> = {}): Submission => ({
  id: '55555555-5555-4555-8555-555555555555',
  workspace_id: WORKSPACE_ID,
  kind: 'tool',
  submitted_url: 'https://vite.dev',
  submitted_fingerprint: 'f',
  submitted_by_user_id: '44444444-4444-4444-8444-444444444444',
  submitted_comment: null,
  status: 'pending',
  quarantine_context: null,
  workspace_tool_id: null,
  workspace_tool: null,
  resource_id: null,
  already_saved: false,
  reviewed_by_user_id: null,
  reviewed_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  pre_ingestion_extracted_data: null,
  ...fields,
});

/** The project /site of the workspace, with no repository; override what a test needs. */
export const projectFixture = (fields: Partial<Project> = {}): Project => ({
  id: '66666666-6666-4666-8666-666666666666',
  workspace_id: WORKSPACE_ID,
  slug: 'site',
  metadata: { name: 'Site' },
  repository: null,
  created_at: '2026-03-04T10:00:00Z',
  updated_at: '2026-03-04T10:00:00Z',
  ...fields,
});

/** A saved blog post of the workspace, with a stored image; override what a test needs. */
export const resourceFixture = (fields: Partial<Resource> = {}): Resource => ({
  workspace_resource_id: '44444444-4444-4444-8444-444444444444',
  workspace_id: WORKSPACE_ID,
  context: { rating: 2 },
  raw_submitted_url: 'https://blog.example/post',
  metadata: {
    extracted_title: 'A good post',
    extracted_description: 'Why keyset pagination wins',
    extracted_image: 'https://blog.example/cover.png',
    extracted_icon: 'https://blog.example/icon.svg',
    site_name: 'Blog Example',
    author: 'Ada Byron',
    published_at: '2026-03-14T09:30:00.000Z',
    language: 'en',
    media: { icon: null, image: `/api/v1/media/${'c'.repeat(64)}` },
  },
  edited_fields: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...fields,
});

/** The workspace's tag "testing", green. */
export const tagFixture = (fields: Partial<Tag> = {}): Tag => ({
  id: '33333333-3333-4333-8333-333333333333',
  workspace_id: WORKSPACE_ID,
  tag_name: 'testing',
  color: '#22c55e',
  description: null,
  criteria: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...fields,
});

/** A search hit on the tool vite, as GET /search lists it. */
export const searchResultFixture = (fields: Partial<SearchResult> = {}): SearchResult => ({
  kind: 'tool',
  id: '00000000-0000-4000-8000-0000000000aa',
  title: 'vite',
  slug: 'vite',
  snippet_html: '',
  rank: 1,
  icon: null,
  target: null,
  ...fields,
});
