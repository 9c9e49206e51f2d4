import {
  accessTokenListSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
} from '@stackyard/contracts/access-token';
import { idParamsSchema } from '@stackyard/contracts/catalog';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound, tooLarge } from '../http.ts';
import { routesOf } from '../route.ts';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './tokens.service.ts';
// Personal access tokens. Managed from a session only: a token cannot mint or list tokens.
export function tokenRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'tokens');
  routes.get('/tokens', {
    summary: "The caller's personal access tokens, newest first, revoked ones included (never the secret)",
    answer: accessTokenListSchema,
    problems: forbidden,
    handler: async ({ actor }) => listAccessTokens(db, actor),
  });

  routes.post('/tokens', {
    summary: 'Create a personal access token; the answer holds the secret, shown this once',
    body: createAccessTokenSchema,
    created: createdAccessTokenSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, body }) => createAccessToken(db, actor, body),
  });

  routes.delete('/tokens/:id', {
    summary: 'Revoke a personal access token: it stops working at once',
    params: idParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => revokeAccessToken(db, actor, params.id),
  });
}
