import { z } from 'zod';
import {
  connectResultSchema,
  disconnectResultSchema,
  installationIdSchema,
  installationRepositoryListSchema,
  installationRequestSchema,
  installationResultSchema,
  populateResultSchema,
  repositoryCheckSchema,
  repositoryRequestSchema,
  storeExportSettingsSchema,
  storeHealthSchema,
  storeParamsSchema,
  storeSetupSchema,
  storeStatusSchema,
} from '@stackyard/contracts/store';
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { problemSchema } from '@stackyard/contracts/problem';
import { routesOf } from '../route.ts';
import type { StoreContext } from './store-context.ts';
import {
  checkStoreRepository,
  connectStoreRepository,
  disconnectStoreRepository,
  getStoreExport,
  getStoreHealth,
  getStoreSetup,
  getStoreStatus,
  listStoreRepositories,
  populateStore,
  saveStoreInstallation,
  setStoreExport,
} from './store.service.ts';

/** GitHub may ask us to slow down (429) or be out of reach (503); both are said in words. */
const github = { 429: problemSchema } as const;

const repositoriesQuerySchema = z.object({
  installation_id: z.coerce
    .number()
    .pipe(installationIdSchema)
    .optional()
    .describe('The saved installation (any other one is refused with 403)'),
});

/**
 * The repository link calls. Their declared paths are under /workspaces/{id}/github/, the
 * web app calls /workspaces/{id}/store/: both are served, by the same handlers.
 */
export function storeRoutes(app: ApiApp, { db }: RouteDeps, context: StoreContext): void {
  const routes = routesOf(app, 'store');
  for (const base of ['store', 'github'] as const) {
    const prefix = `/workspaces/:id/${base}`;
    const shared = { params: storeParamsSchema };
    const owners = { ...forbidden, ...notFound };

    routes.get(`${prefix}/setup`, {
      ...shared,
      summary: 'Whether storage is configured on this server, the GitHub App install URL, who may configure',
      answer: storeSetupSchema,
      problems: notFound,
      handler: async ({ actor, params }) => getStoreSetup(db, context, actor, params.id),
    });

    routes.get(`${prefix}/status`, {
      ...shared,
      summary: 'The repository link (null when there is neither an installation nor a repository)',
      answer: storeStatusSchema,
      problems: notFound,
      handler: async ({ actor, params }) => getStoreStatus(db, actor, params.id),
    });

    routes.get(`${prefix}/health`, {
      ...shared,
      summary: 'Installation validity, repository access, last sync time and last error',
      answer: storeHealthSchema,
      problems: notFound,
      handler: async ({ actor, params }) => getStoreHealth(db, context, actor, params.id),
    });

    routes.get(`${prefix}/export`, {
      ...shared,
      summary: 'Whether each sync also writes the AI export files into the repository, and which formats',
      answer: storeExportSettingsSchema,
      problems: notFound,
      handler: async ({ actor, params }) => getStoreExport(db, actor, params.id),
    });

    routes.put(`${prefix}/export`, {
      ...shared,
      summary:
        'Switch the AI export files on or off and choose their formats (owner and admins); files the user edited are never overwritten',
      body: storeExportSettingsSchema,
      answer: storeExportSettingsSchema,
      problems: { ...owners, ...unprocessable },
      handler: async ({ actor, params, body }) => setStoreExport(db, context, actor, params.id, body),
    });

    routes.post(`${prefix}/populate`, {
      ...shared,
      summary: 'Write the whole workspace to the linked repository now, as one commit (owner and admins)',
      answer: populateResultSchema,
      problems: { ...owners, ...conflict, ...tooLarge, ...unprocessable, ...github },
      handler: async ({ actor, params }) => populateStore(db, context, actor, params.id),
    });

    routes.get(`${prefix}/github/repositories`, {
      ...shared,
      summary: 'The repositories the GitHub App installation can reach (owner and admins)',
      querystring: repositoriesQuerySchema,
      answer: installationRepositoryListSchema,
      problems: { ...owners, ...conflict, ...unprocessable, ...github },
      handler: async ({ actor, params, query }) =>
        listStoreRepositories(db, context, actor, params.id, query.installation_id),
    });

    routes.post(`${prefix}/github/check`, {
      ...shared,
      summary: 'Whether the installation can reach and write the repository (owner and admins)',
      body: repositoryRequestSchema,
      answer: repositoryCheckSchema,
      problems: { ...owners, ...conflict },
      handler: async ({ actor, params, body }) => checkStoreRepository(db, context, actor, params.id, body),
    });

    routes.post(`${prefix}/github/connect`, {
      ...shared,
      summary: 'Link the repository to the workspace (owner and admins)',
      body: repositoryRequestSchema,
      answer: connectResultSchema,
      problems: { ...owners, ...conflict, ...unprocessable, ...github },
      handler: async ({ actor, params, body }) => connectStoreRepository(db, context, actor, params.id, body),
    });

    routes.post(`${prefix}/github/disconnect`, {
      ...shared,
      summary: 'Unlink the repository; its files stay on GitHub (owner and admins)',
      answer: disconnectResultSchema,
      problems: { ...owners, ...tooLarge },
      handler: async ({ actor, params }) => disconnectStoreRepository(db, actor, params.id),
    });

    routes.post(`${prefix}/github/installation`, {
      ...shared,
      summary:
        'Save the GitHub App installation the install flow returned with, once GitHub confirms with `code` that the caller may access it (owner and admins)',
      body: installationRequestSchema,
      answer: installationResultSchema,
      problems: { ...owners, ...unprocessable, ...github },
      handler: async ({ actor, params, body }) => saveStoreInstallation(db, context, actor, params.id, body),
    });
  }
}
