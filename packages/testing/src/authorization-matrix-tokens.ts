// The token cells of the authorization matrix: the same rows, called with personal access
// tokens instead of a session. What a token may do is its holder's role, cut down by the token's scope and
// workspace restriction, so each cell follows from the session cell of the holder's role.
import type { MatrixRow } from './authorization-matrix.ts';

export const tokenCallers = ['editorToken', 'ownerReadToken', 'ownerTokenElsewhere'] as const;
export type TokenCaller = (typeof tokenCallers)[number];

export interface TokenCallerSpec {
  holder: 'editor' | 'owner';
  scope: 'read' | 'read_write';
  /** Limited to the owner's other workspace, not the one the row runs against. */
  elsewhere: boolean;
}

export const tokenCallerSpecs: Record<TokenCaller, TokenCallerSpec> = {
  editorToken: { holder: 'editor', scope: 'read_write', elsewhere: false },
  ownerReadToken: { holder: 'owner', scope: 'read', elsewhere: false },
  ownerTokenElsewhere: { holder: 'owner', scope: 'read_write', elsewhere: true },
};

/** Calls about the caller's own account rather than one workspace: a workspace restriction does not apply. */
const accountEndpoints = new Set([
  'GET /profile',
  'PUT /profile',
  'POST /profile/username',
  'GET /profile/username/check/{username}',
  'GET /users/search',
  'GET /workspaces',
  // Answers only for the workspaces the token reaches, and nothing for the others.
  'GET /lookup',
]);

export function tokenExpectation(row: MatrixRow, caller: TokenCaller): number {
  const spec = tokenCallerSpecs[caller];
  // Tokens and OAuth grants are managed, the account exported or deleted, from a session only.
  const path = row.endpoint.split(' ')[1] ?? '';
  if (path.startsWith('/tokens') || path.startsWith('/oauth/') || path === '/me' || path.startsWith('/me/'))
    return 403;
  // A read token is refused every writing call, whatever the holder's role.
  if (spec.scope === 'read' && !row.endpoint.startsWith('GET ')) return 403;
  if (spec.elsewhere) {
    // Creating a workspace is refused to a restricted token; every other workspace is a stranger's.
    if (row.endpoint === 'POST /workspaces') return 403;
    if (!accountEndpoints.has(row.endpoint)) return 404;
  }
  return row.expect[spec.holder];
}
