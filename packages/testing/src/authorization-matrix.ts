// Who may call what: every product API endpoint × every kind of caller → the status they get. The
// rules live in access.ts; this table is what they must add up to, walked cell by cell over HTTP by
// authorization-matrix.test.ts. Add a row with every new endpoint.

export const callers = ['anonymous', 'nonMember', 'viewer', 'editor', 'admin', 'owner'] as const;
export type Caller = (typeof callers)[number];

/** Ids of the workspace a cell runs against, made fresh for every cell. */
export interface MatrixWorld {
  workspaceId: string;
  ownerId: string;
  /** An editor who is the target of member changes (not the caller). */
  targetId: string;
  /** The caller's own id (a random one for anonymous). */
  callerId: string;
  /** The caller's username (what they type to delete their account). */
  callerUsername: string;
  /** A user who is no member yet, to be added. */
  newcomerUsername: string;
  /** The workspace's catalog: one of each, the tag on the tool, resource and project, the tool in the project. */
  toolId: string;
  toolSlug: string;
  /** A second tool's slug (to compare with the first). */
  otherToolSlug: string;
  resourceId: string;
  projectId: string;
  projectSlug: string;
  tagId: string;
  /** A comment by the target (another member). */
  otherCommentId: string;
  /** A comment by the caller when they are a member; otherwise the target's. */
  ownCommentId: string;
  /** A quarantined tool submission of the workspace (to retry, release or reject). */
  submissionId: string;
  /** A finished bookmark import of the workspace. */
  bookmarkImportId: string;
  /** A personal access token of the owner. */
  ownerTokenId: string;
  /** The owner's OAuth grant to a client, and a pending authorization request (anyone may answer it). */
  ownerGrantId: string;
  authorizationId: string;
  /** An open project suggestion of the workspace, using its tool. */
  suggestionId: string;
}

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The body's content type when it is not JSON. */
  contentType?: string;
}

export interface MatrixRow {
  /** Method and OpenAPI path, as in /api/docs/openapi.json without the /api/v1 prefix. */
  endpoint: string;
  /** What this row's variant of the endpoint is about, when an endpoint has several rows. */
  variant?: string;
  request(world: MatrixWorld): MatrixRequest;
  expect: Record<Caller, number>;
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  nonMember: status,
  viewer: status,
  editor: status,
  admin: status,
  owner: status,
});

/** Members read; non-members learn nothing (404). */
const membersRead = { anonymous: 401, nonMember: 404, viewer: 200, editor: 200, admin: 200, owner: 200 };
/** Owner and admins manage; viewers and editors are refused (403). */
const managers = (status: number) => ({
  anonymous: 401,
  nonMember: 404,
  viewer: 403,
  editor: 403,
  admin: status,
  owner: status,
});

/** Editors, admins and the owner change the catalog; viewers are refused (403). */
const writers = (status: number) => ({
  anonymous: 401,
  nonMember: 404,
  viewer: 403,
  editor: status,
  admin: status,
  owner: status,
});
/** Every member, viewers included. */
const members = (status: number) => ({
  ...membersRead,
  viewer: status,
  editor: status,
  admin: status,
  owner: status,
});

/** The comment and tag calls of one kind of item, under its base path. */
function itemRows(base: string, endpointBase: string, id: (world: MatrixWorld) => string): MatrixRow[] {
  return [
    {
      endpoint: `GET ${endpointBase}/comments`,
      request: (world) => ({ method: 'GET', path: `${base}/${id(world)}/comments` }),
      expect: membersRead,
    },
    {
      endpoint: `POST ${endpointBase}/comments`,
      request: (world) => ({
        method: 'POST',
        path: `${base}/${id(world)}/comments`,
        body: { content: 'Nice' },
      }),
      expect: members(201),
    },
    {
      endpoint: `GET ${endpointBase}/tags`,
      request: (world) => ({ method: 'GET', path: `${base}/${id(world)}/tags` }),
      expect: membersRead,
    },
    {
      endpoint: `PUT ${endpointBase}/tags/{tagId}`,
      request: (world) => ({ method: 'PUT', path: `${base}/${id(world)}/tags/${world.tagId}` }),
      expect: writers(204),
    },
    {
      endpoint: `DELETE ${endpointBase}/tags/{tagId}`,
      request: (world) => ({ method: 'DELETE', path: `${base}/${id(world)}/tags/${world.tagId}` }),
      expect: writers(204),
    },
  ];
}

const ingestionRows: MatrixRow[] = [
  {
    endpoint: 'POST /ingestion/tools',
    request: (world) => ({
      method: 'POST',
      // Loopback, which the fetcher refuses: the job ends quarantined without a connection.
      body: { workspace_id: world.workspaceId, submitted_url: 'http://127.0.0.1:9/matrix' },
      path: '/ingestion/tools',
    }),
    expect: writers(202),
  },
  {
    endpoint: 'GET /ingestion/tools/workspace/{workspace_id}',
    request: (world) => ({ method: 'GET', path: `/ingestion/tools/workspace/${world.workspaceId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'POST /ingestion/resources',
    request: (world) => ({
      method: 'POST',
      body: { workspace_id: world.workspaceId, submitted_url: 'http://127.0.0.1:9/matrix-resource' },
      path: '/ingestion/resources',
    }),
    expect: writers(202),
  },
  {
    endpoint: 'GET /ingestion/resources/workspace/{workspace_id}',
    request: (world) => ({ method: 'GET', path: `/ingestion/resources/workspace/${world.workspaceId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /ingestion/submissions/{id}',
    request: (world) => ({ method: 'GET', path: `/ingestion/submissions/${world.submissionId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'POST /ingestion/submissions/{id}/retry',
    request: (world) => ({ method: 'POST', path: `/ingestion/submissions/${world.submissionId}/retry` }),
    expect: writers(200),
  },
  {
    endpoint: 'POST /ingestion/submissions/{id}/release',
    request: (world) => ({
      method: 'POST',
      path: `/ingestion/submissions/${world.submissionId}/release`,
      body: { name: 'Released by hand' },
    }),
    expect: writers(200),
  },
  {
    endpoint: 'POST /ingestion/submissions/{id}/reject',
    request: (world) => ({ method: 'POST', path: `/ingestion/submissions/${world.submissionId}/reject` }),
    expect: writers(200),
  },
  {
    endpoint: 'POST /ingestion/bookmarks/workspace/{workspace_id}',
    request: (world) => ({
      method: 'POST',
      path: `/ingestion/bookmarks/workspace/${world.workspaceId}?file_name=bookmarks.html`,
      body: '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><A HREF="https://example.org/matrix">Matrix</A></DL>',
      contentType: 'text/html',
    }),
    expect: writers(202),
  },
  {
    endpoint: 'GET /ingestion/bookmarks/{id}',
    request: (world) => ({ method: 'GET', path: `/ingestion/bookmarks/${world.bookmarkImportId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /ingestion/bookmarks/workspace/{workspace_id}',
    request: (world) => ({ method: 'GET', path: `/ingestion/bookmarks/workspace/${world.workspaceId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /resources/workspace/{workspace_id}/export',
    request: (world) => ({ method: 'GET', path: `/resources/workspace/${world.workspaceId}/export` }),
    expect: membersRead,
  },
];

const catalogRows: MatrixRow[] = [
  {
    endpoint: 'GET /tools',
    request: (world) => ({ method: 'GET', path: `/tools?workspace_id=${world.workspaceId}&sort=name` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /tools/workspace/{workspaceId}/slug/{slug}',
    request: (world) => ({
      method: 'GET',
      path: `/tools/workspace/${world.workspaceId}/slug/${world.toolSlug}`,
    }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /tools/workspace/{toolId}',
    request: (world) => ({ method: 'GET', path: `/tools/workspace/${world.toolId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'PUT /tools/workspace/{toolId}',
    request: (world) => ({
      method: 'PUT',
      path: `/tools/workspace/${world.toolId}`,
      body: { context: { rating: 4 } },
    }),
    expect: writers(200),
  },
  {
    endpoint: 'PATCH /tools/workspace/{toolId}',
    request: (world) => ({
      method: 'PATCH',
      path: `/tools/workspace/${world.toolId}`,
      body: { name: 'Renamed', documentation_url: 'https://docs.example/' },
    }),
    expect: writers(200),
  },
  {
    endpoint: 'POST /tools/workspace/{toolId}/refresh',
    // Past authorization the page is read; the test's fetcher reaches no site, so a writer gets the 422.
    request: (world) => ({ method: 'POST', path: `/tools/workspace/${world.toolId}/refresh` }),
    expect: writers(422),
  },
  {
    endpoint: 'DELETE /tools/workspace/{toolId}',
    request: (world) => ({ method: 'DELETE', path: `/tools/workspace/${world.toolId}` }),
    expect: writers(204),
  },
  ...itemRows('/tools/workspace', '/tools/workspace/{toolId}', (world) => world.toolId),
  {
    endpoint: 'GET /resources/workspace/{workspaceId}',
    request: (world) => ({ method: 'GET', path: `/resources/workspace/${world.workspaceId}?sort=rating` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /resources/{id}',
    request: (world) => ({ method: 'GET', path: `/resources/${world.resourceId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /resources/{id}/copy',
    request: (world) => ({ method: 'GET', path: `/resources/${world.resourceId}/copy` }),
    expect: membersRead,
  },
  {
    endpoint: 'PUT /resources/{id}',
    request: (world) => ({
      method: 'PUT',
      path: `/resources/${world.resourceId}`,
      body: { context: { rating: null } },
    }),
    expect: writers(200),
  },
  {
    endpoint: 'POST /resources/{id}/refresh',
    request: (world) => ({ method: 'POST', path: `/resources/${world.resourceId}/refresh` }),
    expect: writers(422),
  },
  {
    endpoint: 'PATCH /resources/{id}',
    request: (world) => ({
      method: 'PATCH',
      path: `/resources/${world.resourceId}`,
      body: { title: 'Renamed', url: 'https://edited.example/post' },
    }),
    expect: writers(200),
  },
  {
    endpoint: 'DELETE /resources/{id}',
    request: (world) => ({ method: 'DELETE', path: `/resources/${world.resourceId}` }),
    expect: writers(204),
  },
  ...itemRows('/resources/workspace', '/resources/workspace/{id}', (world) => world.resourceId),
  {
    endpoint: 'GET /projects',
    request: (world) => ({ method: 'GET', path: `/projects?workspace_id=${world.workspaceId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'POST /projects',
    request: (world) => ({
      method: 'POST',
      path: '/projects',
      body: { workspace_id: world.workspaceId, metadata: { name: 'New' }, tool_ids: [world.toolId] },
    }),
    expect: writers(201),
  },
  {
    endpoint: 'GET /projects/workspace/{workspaceId}/slug/{slug}',
    request: (world) => ({
      method: 'GET',
      path: `/projects/workspace/${world.workspaceId}/slug/${world.projectSlug}`,
    }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /projects/{id}',
    request: (world) => ({ method: 'GET', path: `/projects/${world.projectId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'PUT /projects/{id}',
    request: (world) => ({
      method: 'PUT',
      path: `/projects/${world.projectId}`,
      body: { metadata: { name: 'Renamed' } },
    }),
    expect: writers(200),
  },
  {
    endpoint: 'DELETE /projects/{id}',
    request: (world) => ({ method: 'DELETE', path: `/projects/${world.projectId}` }),
    expect: writers(204),
  },
  {
    endpoint: 'GET /projects/{id}/tools',
    request: (world) => ({ method: 'GET', path: `/projects/${world.projectId}/tools` }),
    expect: membersRead,
  },
  {
    endpoint: 'PUT /projects/{id}/tools/{toolId}',
    request: (world) => ({ method: 'PUT', path: `/projects/${world.projectId}/tools/${world.toolId}` }),
    expect: writers(204),
  },
  {
    endpoint: 'DELETE /projects/{id}/tools/{toolId}',
    request: (world) => ({ method: 'DELETE', path: `/projects/${world.projectId}/tools/${world.toolId}` }),
    expect: writers(204),
  },
  ...itemRows('/projects', '/projects/{id}', (world) => world.projectId),
  {
    endpoint: 'PUT /comments/{id}',
    variant: 'your own',
    request: (world) => ({
      method: 'PUT',
      path: `/comments/${world.ownCommentId}`,
      body: { content: 'Edited' },
    }),
    expect: members(200),
  },
  {
    endpoint: 'PUT /comments/{id}',
    variant: "another member's",
    request: (world) => ({
      method: 'PUT',
      path: `/comments/${world.otherCommentId}`,
      body: { content: 'Edited' },
    }),
    expect: members(403),
  },
  {
    endpoint: 'DELETE /comments/{id}',
    variant: 'your own',
    request: (world) => ({ method: 'DELETE', path: `/comments/${world.ownCommentId}` }),
    expect: members(204),
  },
  {
    endpoint: 'DELETE /comments/{id}',
    variant: "another member's",
    request: (world) => ({ method: 'DELETE', path: `/comments/${world.otherCommentId}` }),
    expect: managers(204),
  },
  {
    endpoint: 'PUT /comments/{id}/for-assistants',
    request: (world) => ({ method: 'PUT', path: `/comments/${world.otherCommentId}/for-assistants` }),
    expect: writers(200),
  },
  {
    endpoint: 'DELETE /comments/{id}/for-assistants',
    request: (world) => ({ method: 'DELETE', path: `/comments/${world.otherCommentId}/for-assistants` }),
    expect: writers(200),
  },
  {
    endpoint: 'GET /tags',
    request: (world) => ({ method: 'GET', path: `/tags?workspace_id=${world.workspaceId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'POST /tags',
    request: (world) => ({
      method: 'POST',
      path: '/tags',
      body: { workspace_id: world.workspaceId, tag_name: 'Fresh', color: '#00aa00' },
    }),
    expect: writers(201),
  },
  {
    endpoint: 'PUT /tags/{id}',
    request: (world) => ({ method: 'PUT', path: `/tags/${world.tagId}`, body: { color: '#112233' } }),
    expect: writers(200),
  },
  {
    endpoint: 'DELETE /tags/{id}',
    request: (world) => ({ method: 'DELETE', path: `/tags/${world.tagId}` }),
    expect: writers(204),
  },
  {
    endpoint: 'GET /search',
    request: (world) => ({ method: 'GET', path: `/search?workspace_id=${world.workspaceId}&q=vite` }),
    expect: membersRead,
  },
];

/**
 * The repository store under both of its prefixes. The matrix's server has no GitHub App: configuring calls
 * pass authorization and then answer 503 "not configured" (store.test.ts covers them against a fake GitHub).
 */
const storeRows: MatrixRow[] = (['store', 'github'] as const).flatMap((prefix): MatrixRow[] => {
  const path = (world: MatrixWorld, rest: string) => `/workspaces/${world.workspaceId}/${prefix}/${rest}`;
  const endpoint = (method: string, rest: string) => `${method} /workspaces/{id}/${prefix}/${rest}`;
  const repository = { repository_owner: 'acme', repository_name: 'stack', installation_id: 7 };
  return [
    ...['setup', 'status', 'health', 'export'].map((rest): MatrixRow => ({
      endpoint: endpoint('GET', rest),
      request: (world) => ({ method: 'GET', path: path(world, rest) }),
      expect: membersRead,
    })),
    {
      endpoint: endpoint('PUT', 'export'),
      request: (world) => ({
        method: 'PUT',
        path: path(world, 'export'),
        body: { enabled: true, formats: ['agents-md'] },
      }),
      expect: managers(200),
    },
    {
      endpoint: endpoint('POST', 'populate'),
      request: (world) => ({ method: 'POST', path: path(world, 'populate') }),
      expect: managers(503),
    },
    {
      endpoint: endpoint('GET', 'github/repositories'),
      request: (world) => ({ method: 'GET', path: path(world, 'github/repositories') }),
      expect: managers(503),
    },
    {
      endpoint: endpoint('POST', 'github/check'),
      request: (world) => ({ method: 'POST', path: path(world, 'github/check'), body: repository }),
      expect: managers(503),
    },
    {
      endpoint: endpoint('POST', 'github/connect'),
      request: (world) => ({ method: 'POST', path: path(world, 'github/connect'), body: repository }),
      expect: managers(503),
    },
    {
      endpoint: endpoint('POST', 'github/disconnect'),
      request: (world) => ({ method: 'POST', path: path(world, 'github/disconnect') }),
      expect: managers(200),
    },
    {
      endpoint: endpoint('POST', 'github/installation'),
      request: (world) => ({
        method: 'POST',
        path: path(world, 'github/installation'),
        body: { installation_id: 7 },
      }),
      expect: managers(503),
    },
  ];
});

/** Personal access tokens: each user manages their own; someone else's token is not found. */
const tokenRows: MatrixRow[] = [
  { endpoint: 'GET /tokens', request: () => ({ method: 'GET', path: '/tokens' }), expect: everyone(200) },
  {
    endpoint: 'POST /tokens',
    request: () => ({ method: 'POST', path: '/tokens', body: { name: 'Matrix', scope: 'read' } }),
    expect: everyone(201),
  },
  {
    endpoint: 'DELETE /tokens/{id}',
    request: (world) => ({ method: 'DELETE', path: `/tokens/${world.ownerTokenId}` }),
    expect: { anonymous: 401, nonMember: 404, viewer: 404, editor: 404, admin: 404, owner: 204 },
  },
];
/** OAuth: a pending request is answered by whoever is signed in; grants are their holder's own. */
const oauthRows: MatrixRow[] = [
  {
    endpoint: 'GET /oauth/authorizations/{id}',
    request: (world) => ({ method: 'GET', path: `/oauth/authorizations/${world.authorizationId}` }),
    expect: everyone(200),
  },
  {
    endpoint: 'POST /oauth/authorizations/{id}/decision',
    request: (world) => ({
      method: 'POST',
      path: `/oauth/authorizations/${world.authorizationId}/decision`,
      body: { allow: false },
    }),
    expect: everyone(200),
  },
  {
    endpoint: 'GET /oauth/grants',
    request: () => ({ method: 'GET', path: '/oauth/grants' }),
    expect: everyone(200),
  },
  {
    endpoint: 'DELETE /oauth/grants/{id}',
    request: (world) => ({ method: 'DELETE', path: `/oauth/grants/${world.ownerGrantId}` }),
    expect: { anonymous: 401, nonMember: 404, viewer: 404, editor: 404, admin: 404, owner: 204 },
  },
];
// ── Tool facts and comparison ──────────────────────────────────────────────────────────────────
const factsRows: MatrixRow[] = [
  {
    endpoint: 'GET /tools/workspace/{toolId}/facts',
    request: (world) => ({ method: 'GET', path: `/tools/workspace/${world.toolId}/facts` }),
    expect: membersRead,
  },
  {
    endpoint: 'POST /tools/workspace/{toolId}/facts/refresh',
    request: (world) => ({ method: 'POST', path: `/tools/workspace/${world.toolId}/facts/refresh` }),
    expect: writers(202),
  },
  {
    endpoint: 'GET /workspaces/{id}/compare',
    request: (world) => ({
      method: 'GET',
      path: `/workspaces/${world.workspaceId}/compare?tools=${world.toolSlug},${world.otherToolSlug}`,
    }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /tools/workspace/{toolId}/similar',
    request: (world) => ({ method: 'GET', path: `/tools/workspace/${world.toolId}/similar` }),
    expect: membersRead,
  },
];
// ── Link health ─────────────────────────────────────────────────────────────────────────────────
// A fresh world's items were never checked: keeping one is refused with 409 once the caller may write.
const healthRows: MatrixRow[] = [
  {
    endpoint: 'GET /workspaces/{id}/health',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/health` }),
    expect: membersRead,
  },
  {
    endpoint: 'POST /workspaces/{id}/health-check',
    request: (world) => ({ method: 'POST', path: `/workspaces/${world.workspaceId}/health-check` }),
    expect: writers(202),
  },
  {
    endpoint: 'POST /tools/workspace/{toolId}/health-check',
    request: (world) => ({ method: 'POST', path: `/tools/workspace/${world.toolId}/health-check` }),
    expect: writers(200),
  },
  {
    endpoint: 'POST /resources/{id}/health-check',
    request: (world) => ({ method: 'POST', path: `/resources/${world.resourceId}/health-check` }),
    expect: writers(200),
  },
  {
    endpoint: 'POST /tools/workspace/{toolId}/health/keep',
    request: (world) => ({ method: 'POST', path: `/tools/workspace/${world.toolId}/health/keep` }),
    expect: writers(409),
  },
  {
    endpoint: 'POST /resources/{id}/health/keep',
    request: (world) => ({ method: 'POST', path: `/resources/${world.resourceId}/health/keep` }),
    expect: writers(409),
  },
];
// ── The preferred stack and its AI-assistant export ─────────────────────────────────────────────────────────
// Kept in one block so it moves as one piece if this table moves.
const stackRows: MatrixRow[] = [
  {
    endpoint: 'GET /tools/workspace/{toolId}/stance',
    request: (world) => ({ method: 'GET', path: `/tools/workspace/${world.toolId}/stance` }),
    expect: membersRead,
  },
  {
    endpoint: 'PUT /tools/workspace/{toolId}/stance',
    request: (world) => ({
      method: 'PUT',
      path: `/tools/workspace/${world.toolId}/stance`,
      body: { stance: 'preferred', note: 'Use for every new service', category: 'Testing' },
    }),
    expect: writers(200),
  },
  {
    endpoint: 'PUT /workspaces/{id}/stack/stances',
    request: (world) => ({
      method: 'PUT',
      path: `/workspaces/${world.workspaceId}/stack/stances`,
      body: { workspace_tool_ids: [world.toolId], stance: 'avoid' },
    }),
    expect: writers(200),
  },
  {
    endpoint: 'GET /workspaces/{id}/stack',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/stack` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /projects/{id}/stack',
    request: (world) => ({ method: 'GET', path: `/projects/${world.projectId}/stack` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /workspaces/{id}/export/ai',
    request: (world) => ({
      method: 'GET',
      path: `/workspaces/${world.workspaceId}/export/ai?formats=agents-md,stack-json&project_id=${world.projectId}`,
    }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /workspaces/{id}/export/ai/{format}',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/export/ai/agents-md` }),
    expect: membersRead,
  },
];
// ── end of the preferred stack ──────────────────────────────────────────────────────────────────────────────
// ── The tech radar ──────────────────────────────────────────────────────────────────────────────────────────
const radarRows: MatrixRow[] = [
  {
    endpoint: 'GET /workspaces/{id}/radar',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/radar` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /workspaces/{id}/radar/settings',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/radar/settings` }),
    expect: membersRead,
  },
  {
    endpoint: 'PUT /workspaces/{id}/radar/settings',
    request: (world) => ({
      method: 'PUT',
      path: `/workspaces/${world.workspaceId}/radar/settings`,
      body: {
        accepted_ring: 'assess',
        quadrants: ['Languages', 'Tools', 'Platforms', 'Techniques'],
        default_quadrant: 1,
        categories: [{ category: 'Testing', quadrant: 1 }],
      },
    }),
    expect: managers(200),
  },
  {
    endpoint: 'GET /workspaces/{id}/radar/export/{format}',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/radar/export/byor-csv` }),
    expect: membersRead,
  },
];
// ── end of the tech radar ───────────────────────────────────────────────────────────────────────────────────
// ── Drift: the code's latest scan against the stances ───────────────────────────────────────────────────────
const driftRows: MatrixRow[] = [
  {
    endpoint: 'POST /workspaces/{id}/scans',
    request: (world) => ({
      method: 'POST',
      path: `/workspaces/${world.workspaceId}/scans`,
      body: {
        project_id: world.projectId,
        files: [{ path: 'package.json', content: '{"dependencies":{"moment":"2"}}' }],
      },
    }),
    expect: writers(201),
  },
  {
    // The matrix's workspace is connected to no repository: members who may write are told so.
    endpoint: 'POST /workspaces/{id}/scans/repository',
    request: (world) => ({ method: 'POST', path: `/workspaces/${world.workspaceId}/scans/repository` }),
    expect: writers(409),
  },
  {
    // Past authorization, bytes that are no .zip are refused: the row checks who gets that far.
    endpoint: 'POST /workspaces/{id}/scans/archive',
    request: (world) => ({
      method: 'POST',
      path: `/workspaces/${world.workspaceId}/scans/archive`,
      body: 'not a zip',
      contentType: 'application/zip',
    }),
    expect: writers(400),
  },
  {
    endpoint: 'GET /workspaces/{id}/drift',
    request: (world) => ({
      method: 'GET',
      path: `/workspaces/${world.workspaceId}/drift?project_id=${world.projectId}`,
    }),
    expect: membersRead,
  },
];
// ── end of drift ────────────────────────────────────────────────────────────────────────────────────────────
// ── Project suggestions ─────────────────────────────────────────────────────────────────────────────────────
const suggestionRows: MatrixRow[] = [
  {
    endpoint: 'GET /workspaces/{id}/suggestions',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/suggestions?focus=cli` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /workspaces/{id}/suggestions/next-steps',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/suggestions/next-steps` }),
    expect: membersRead,
  },
  {
    endpoint: 'POST /workspaces/{id}/suggestions/{suggestionId}/accept',
    request: (world) => ({
      method: 'POST',
      path: `/workspaces/${world.workspaceId}/suggestions/${world.suggestionId}/accept`,
      body: {},
    }),
    expect: writers(201),
  },
  {
    endpoint: 'POST /workspaces/{id}/suggestions/{suggestionId}/dismiss',
    request: (world) => ({
      method: 'POST',
      path: `/workspaces/${world.workspaceId}/suggestions/${world.suggestionId}/dismiss`,
      body: { reason: 'Not now' },
    }),
    expect: writers(200),
  },
];
// ── end of project suggestions ──────────────────────────────────────────────────────────────────────────────
// ── Tag suggestions ─────────────────────────────────────────────────────────────────────────────────────────
const tagSuggestionRows: MatrixRow[] = [
  {
    endpoint: 'GET /tools/workspace/{toolId}/tag-suggestions',
    request: (world) => ({ method: 'GET', path: `/tools/workspace/${world.toolId}/tag-suggestions` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /resources/workspace/{id}/tag-suggestions',
    request: (world) => ({ method: 'GET', path: `/resources/workspace/${world.resourceId}/tag-suggestions` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /workspaces/{id}/tag-suggestion-settings',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/tag-suggestion-settings` }),
    expect: membersRead,
  },
  {
    endpoint: 'PUT /workspaces/{id}/tag-suggestion-settings',
    request: (world) => ({
      method: 'PUT',
      path: `/workspaces/${world.workspaceId}/tag-suggestion-settings`,
      body: { apply_suggested_tags: true },
    }),
    expect: managers(200),
  },
];
// ── end of tag suggestions ──────────────────────────────────────────────────────────────────────────────────

// ── Stored icons and previews: content-addressed, any signed-in caller; anonymous gets 401 ──────────────────
const mediaRows: MatrixRow[] = [
  {
    endpoint: 'GET /media/{hash}',
    request: () => ({ method: 'GET', path: `/media/${'a'.repeat(64)}` }),
    expect: everyone(404),
  },
];

/** The caller's own account: no workspace is involved, so every signed-in caller may. */
const accountRows: MatrixRow[] = [
  {
    endpoint: 'GET /me/export',
    request: () => ({ method: 'GET', path: '/me/export' }),
    expect: everyone(200),
  },
  {
    endpoint: 'GET /me/deletion',
    request: () => ({ method: 'GET', path: '/me/deletion' }),
    expect: everyone(200),
  },
  {
    endpoint: 'DELETE /me',
    // The owner's workspace has other members, so their deletion is refused; everyone else's goes through.
    request: (world) => ({ method: 'DELETE', path: '/me', body: { confirmation: world.callerUsername } }),
    expect: { ...everyone(204), owner: 409 },
  },
];

export const authorizationMatrix: MatrixRow[] = [
  { endpoint: 'GET /profile', request: () => ({ method: 'GET', path: '/profile' }), expect: everyone(200) },
  {
    endpoint: 'PUT /profile',
    request: () => ({ method: 'PUT', path: '/profile', body: { bio: 'hi' } }),
    expect: everyone(200),
  },
  {
    endpoint: 'POST /profile/username',
    request: (world) => ({
      method: 'POST',
      path: '/profile/username',
      body: { username: `u_${world.callerId.slice(0, 8)}` },
    }),
    expect: everyone(200),
  },
  {
    endpoint: 'GET /profile/username/check/{username}',
    request: () => ({ method: 'GET', path: '/profile/username/check/some_name' }),
    expect: everyone(200),
  },
  {
    endpoint: 'GET /users/search',
    request: () => ({ method: 'GET', path: '/users/search?q=m' }),
    expect: everyone(200),
  },
  {
    endpoint: 'GET /lookup',
    request: () => ({ method: 'GET', path: '/lookup?url=https%3A%2F%2Fvite.dev%2F' }),
    expect: everyone(200),
  },
  {
    endpoint: 'GET /workspaces',
    request: () => ({ method: 'GET', path: '/workspaces' }),
    expect: everyone(200),
  },
  {
    endpoint: 'POST /workspaces',
    request: () => ({ method: 'POST', path: '/workspaces', body: { name: 'Another' } }),
    expect: everyone(201),
  },
  {
    endpoint: 'GET /workspaces/{id}',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}` }),
    expect: membersRead,
  },
  {
    endpoint: 'GET /workspaces/{id}/summary',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/summary` }),
    expect: membersRead,
  },
  {
    endpoint: 'PUT /workspaces/{id}',
    request: (world) => ({
      method: 'PUT',
      path: `/workspaces/${world.workspaceId}`,
      body: { name: 'Renamed' },
    }),
    expect: managers(200),
  },
  {
    endpoint: 'DELETE /workspaces/{id}',
    request: (world) => ({ method: 'DELETE', path: `/workspaces/${world.workspaceId}` }),
    expect: { anonymous: 401, nonMember: 404, viewer: 403, editor: 403, admin: 403, owner: 204 },
  },
  {
    endpoint: 'GET /workspaces/{id}/members',
    request: (world) => ({ method: 'GET', path: `/workspaces/${world.workspaceId}/members` }),
    expect: membersRead,
  },
  {
    endpoint: 'POST /workspaces/{id}/members',
    request: (world) => ({
      method: 'POST',
      path: `/workspaces/${world.workspaceId}/members`,
      body: { username: world.newcomerUsername, role: 'viewer' },
    }),
    expect: managers(201),
  },
  {
    endpoint: 'PUT /workspaces/{id}/members/{userId}/role',
    variant: 'another member',
    request: (world) => ({
      method: 'PUT',
      path: `/workspaces/${world.workspaceId}/members/${world.targetId}/role`,
      body: { new_role: 'viewer' },
    }),
    expect: managers(200),
  },
  {
    endpoint: 'PUT /workspaces/{id}/members/{userId}/role',
    variant: 'the owner',
    request: (world) => ({
      method: 'PUT',
      path: `/workspaces/${world.workspaceId}/members/${world.ownerId}/role`,
      body: { new_role: 'viewer' },
    }),
    expect: managers(409),
  },
  {
    endpoint: 'DELETE /workspaces/{id}/members/{userId}',
    variant: 'another member',
    request: (world) => ({
      method: 'DELETE',
      path: `/workspaces/${world.workspaceId}/members/${world.targetId}`,
    }),
    expect: managers(204),
  },
  {
    endpoint: 'DELETE /workspaces/{id}/members/{userId}',
    variant: 'the owner',
    request: (world) => ({
      method: 'DELETE',
      path: `/workspaces/${world.workspaceId}/members/${world.ownerId}`,
    }),
    expect: managers(409),
  },
  {
    endpoint: 'DELETE /workspaces/{id}/members/{userId}',
    variant: 'yourself (leave)',
    request: (world) => ({
      method: 'DELETE',
      path: `/workspaces/${world.workspaceId}/members/${world.callerId}`,
    }),
    expect: { anonymous: 401, nonMember: 404, viewer: 204, editor: 204, admin: 204, owner: 409 },
  },
  {
    endpoint: 'POST /workspaces/{id}/transfer-ownership',
    request: (world) => ({
      method: 'POST',
      path: `/workspaces/${world.workspaceId}/transfer-ownership`,
      body: { user_id: world.targetId },
    }),
    expect: { anonymous: 401, nonMember: 404, viewer: 403, editor: 403, admin: 403, owner: 200 },
  },
  ...accountRows,
  ...catalogRows,
  ...ingestionRows,
  ...storeRows,
  ...tokenRows,
  ...oauthRows,
  ...stackRows,
  ...radarRows,
  ...driftRows,
  ...mediaRows,
  ...factsRows,
  ...healthRows,
  ...suggestionRows,
  ...tagSuggestionRows,
];
