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
  /** A user who is no member yet, to be added. */
  newcomerUsername: string;
}

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
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
];
