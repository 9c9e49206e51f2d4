import { idParamsSchema } from '@stackyard/contracts/catalog';
import {
  oauthAuthorizationSchema,
  oauthDecisionSchema,
  oauthGrantListSchema,
  oauthRedirectSchema,
} from '@stackyard/contracts/oauth';
import { z } from 'zod';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
import { decideAuthorization, describeAuthorization, listGrants, revokeGrant } from './consent.service.ts';
import { publicBase } from './public-url.ts';

// The consent page and the connected apps of Settings. Session only: an OAuth or personal token cannot
// allow a client or list the grants.
export function oauthRoutes(app: ApiApp, { db }: RouteDeps, publicUrl: string | undefined): void {
  app.get(
    '/oauth/authorizations/:id',
    {
      schema: {
        tags: ['oauth'],
        summary: 'A pending authorization request of an OAuth client, as the consent page shows it',
        params: idParamsSchema,
        response: { 200: oauthAuthorizationSchema, ...always, ...notFound },
      },
    },
    async (request) => describeAuthorization(db, actorOf(request), request.params.id),
  );

  app.post(
    '/oauth/authorizations/:id/decision',
    {
      schema: {
        tags: ['oauth'],
        summary: "Allow (with a scope and workspaces) or deny a client's request; answers where to go next",
        params: idParamsSchema,
        body: oauthDecisionSchema,
        response: { 200: oauthRedirectSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request) =>
      decideAuthorization(
        db,
        actorOf(request),
        request.params.id,
        request.body,
        publicBase(request, publicUrl),
      ),
  );

  app.get(
    '/oauth/grants',
    {
      schema: {
        tags: ['oauth'],
        summary: 'The OAuth clients the caller allowed and has not revoked, newest first',
        response: { 200: oauthGrantListSchema, ...always },
      },
    },
    async (request) => listGrants(db, actorOf(request)),
  );

  app.delete(
    '/oauth/grants/:id',
    {
      schema: {
        tags: ['oauth'],
        summary: "Revoke a client's grant: its tokens stop working at once",
        params: idParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await revokeGrant(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
