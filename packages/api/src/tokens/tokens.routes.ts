import {
  accessTokenListSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
} from '@stackyard/contracts/access-token';
import { idParamsSchema } from '@stackyard/contracts/catalog';
import { z } from 'zod';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './tokens.service.ts';

// Personal access tokens. Managed from a session only: a token cannot mint or list tokens.
export function tokenRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/tokens',
    {
      schema: {
        tags: ['tokens'],
        summary:
          "The caller's personal access tokens, newest first, revoked ones included (never the secret)",
        response: { 200: accessTokenListSchema, ...always, ...forbidden },
      },
    },
    async (request) => listAccessTokens(db, actorOf(request)),
  );

  app.post(
    '/tokens',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Create a personal access token; the answer holds the secret, shown this once',
        body: createAccessTokenSchema,
        response: { 201: createdAccessTokenSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAccessToken(db, actorOf(request), request.body)),
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Revoke a personal access token: it stops working at once',
        params: idParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await revokeAccessToken(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
