import { Readable } from 'node:stream';
import {
  accountDeletionPreviewSchema,
  accountExportSchema,
  deleteAccountSchema,
} from '@stackyard/contracts/account';
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict } from '../http.ts';
import { routesOf } from '../route.ts';
import { deleteAccount, previewDeletion } from './deletion.service.ts';
import { exportAccount } from './export.service.ts';
import type { IdentityAccounts } from './identity-accounts.ts';

export interface AccountRouteOptions {
  identity: IdentityAccounts | null;
  /** Told once an account is gone, so this process refuses its tokens at once. */
  onDeleted: (userId: string) => void;
}

export function accountRoutes(app: ApiApp, { db }: RouteDeps, options: AccountRouteOptions): void {
  const routes = routesOf(app, 'account');
  routes.get('/me/export', {
    summary: "The caller's data: profile, owned workspaces with their catalog, comments elsewhere",
    description:
      'A JSON attachment (format "stackyard.account-export", version 1), written as it is read. ' +
      'Signed-in sessions only: an access token is refused.',
    file: {
      description: 'The archive',
      content: { 'application/json': { schema: accountExportSchema } },
    },
    handler: async ({ actor, reply }) => {
      const archive = await exportAccount(db, actor, options.identity);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(archive.chunks));
    },
  });

  routes.get('/me/deletion', {
    summary: 'What deleting the account would delete, what to type to confirm, and what stops it',
    answer: accountDeletionPreviewSchema,
    handler: async ({ actor }) => previewDeletion(db, actor, options.identity),
  });

  routes.delete('/me', {
    summary: 'Delete the account (typed confirmation); refused while it owns a shared workspace',
    description:
      'confirmation: the current username (or the e-mail address without one), as GET /me/deletion says. ' +
      '409 lists the owned workspaces that have other members.',
    body: deleteAccountSchema,
    noContent: true,
    problems: conflict,
    handler: async ({ actor, body, request }) => {
      await deleteAccount(db, actor, options.identity, body);
      options.onDeleted(actor.userId);
      request.log.info({ userId: actor.userId }, 'account deleted');
    },
  });
}
