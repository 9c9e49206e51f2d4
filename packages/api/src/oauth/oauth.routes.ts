import { idParamsSchema } from '@stackyard/contracts/catalog';
import {
  oauthAuthorizationSchema,
  oauthDecisionSchema,
  oauthGrantListSchema,
  oauthRedirectSchema,
} from '@stackyard/contracts/oauth';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound, tooLarge } from '../http.ts';
import { routesOf } from '../route.ts';
import { decideAuthorization, describeAuthorization, listGrants, revokeGrant } from './consent.service.ts';
import { publicBase } from './public-url.ts';

// The consent page and the connected apps of Settings. Session only: an OAuth or personal token cannot
// allow a client or list the grants.
export function oauthRoutes(app: ApiApp, { db }: RouteDeps, publicUrl: string | undefined): void {
  const routes = routesOf(app, 'oauth');
  routes.get('/oauth/authorizations/:id', {
    summary: 'A pending authorization request of an OAuth client, as the consent page shows it',
    params: idParamsSchema,
    answer: oauthAuthorizationSchema,
    problems: notFound,
    handler: async ({ actor, params }) => describeAuthorization(db, actor, params.id),
  });

  routes.post('/oauth/authorizations/:id/decision', {
    summary: "Allow (with a scope and workspaces) or deny a client's request; answers where to go next",
    params: idParamsSchema,
    body: oauthDecisionSchema,
    answer: oauthRedirectSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body, request }) =>
      decideAuthorization(db, actor, params.id, body, publicBase(request, publicUrl)),
  });

  routes.get('/oauth/grants', {
    summary: 'The OAuth clients the caller allowed and has not revoked, newest first',
    answer: oauthGrantListSchema,
    handler: async ({ actor }) => listGrants(db, actor),
  });

  routes.delete('/oauth/grants/:id', {
    summary: "Revoke a client's grant: its tokens stop working at once",
    params: idParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => revokeGrant(db, actor, params.id),
  });
}
