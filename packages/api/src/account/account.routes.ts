import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  accountDeletionPreviewSchema,
  accountExportSchema,
  deleteAccountSchema,
  type AccountExport,
} from '@stackyard/contracts/account';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, tooLarge } from '../http.ts';
import { deleteAccount, previewDeletion } from './deletion.service.ts';
import { exportAccount } from './export.service.ts';
import type { IdentityAccounts } from './identity-accounts.ts';

export interface AccountRouteOptions {
  identity: IdentityAccounts | null;
  /** Told once an account is gone, so this process refuses its tokens at once. */
  onDeleted: (userId: string) => void;
}

export function accountRoutes(app: ApiApp, { db }: RouteDeps, options: AccountRouteOptions): void {
  app.get(
    '/me/export',
    {
      schema: {
        tags: ['account'],
        summary: "The caller's data: profile, owned workspaces with their catalog, comments elsewhere",
        description:
          'A JSON attachment (format "stackyard.account-export", version 1), written as it is read. ' +
          'Signed-in sessions only: an access token is refused.',
        response: {
          200: {
            description: 'The archive',
            content: { 'application/json': { schema: accountExportSchema } },
          },
          ...always,
        },
      },
    },
    async (request, reply) => {
      const archive = await exportAccount(db, actorOf(request), options.identity);
      return (
        reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${archive.fileName}"`)
          .header('cache-control', 'no-store')
          // The typed reply wants the archive's object; a stream of its JSON is what Fastify sends as it is.
          .send(Readable.from(archive.chunks) as unknown as AccountExport)
      );
    },
  );

  app.get(
    '/me/deletion',
    {
      schema: {
        tags: ['account'],
        summary: 'What deleting the account would delete, what to type to confirm, and what stops it',
        response: { 200: accountDeletionPreviewSchema, ...always },
      },
    },
    async (request) => previewDeletion(db, actorOf(request), options.identity),
  );

  app.delete(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the account (typed confirmation); refused while it owns a shared workspace',
        description:
          'confirmation: the current username (or the e-mail address without one), as GET /me/deletion says. ' +
          '409 lists the owned workspaces that have other members.',
        body: deleteAccountSchema,
        response: { 204: z.undefined(), ...always, ...conflict, ...tooLarge },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await deleteAccount(db, actor, options.identity, request.body);
      options.onDeleted(actor.userId);
      request.log.info({ userId: actor.userId }, 'account deleted');
      return reply.code(204).send();
    },
  );
}
