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
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { problemSchema } from '@stackyard/contracts/problem';
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
  for (const base of ['store', 'github'] as const) {
    const prefix = `/workspaces/:id/${base}`;
    const tags = ['store'];

    app.get(
      `${prefix}/setup`,
      {
        schema: {
          tags,
          summary:
            'Whether storage is configured on this server, the GitHub App install URL, who may configure',
          params: storeParamsSchema,
          response: { 200: storeSetupSchema, ...always, ...notFound },
        },
      },
      async (request) => getStoreSetup(db, context, actorOf(request), request.params.id),
    );

    app.get(
      `${prefix}/status`,
      {
        schema: {
          tags,
          summary: 'The repository link (null when there is neither an installation nor a repository)',
          params: storeParamsSchema,
          response: { 200: storeStatusSchema, ...always, ...notFound },
        },
      },
      async (request) => getStoreStatus(db, actorOf(request), request.params.id),
    );

    app.get(
      `${prefix}/health`,
      {
        schema: {
          tags,
          summary: 'Installation validity, repository access, last sync time and last error',
          params: storeParamsSchema,
          response: { 200: storeHealthSchema, ...always, ...notFound },
        },
      },
      async (request) => getStoreHealth(db, context, actorOf(request), request.params.id),
    );

    app.get(
      `${prefix}/export`,
      {
        schema: {
          tags,
          summary: 'Whether each sync also writes the AI export files into the repository, and which formats',
          params: storeParamsSchema,
          response: { 200: storeExportSettingsSchema, ...always, ...notFound },
        },
      },
      async (request) => getStoreExport(db, actorOf(request), request.params.id),
    );

    app.put(
      `${prefix}/export`,
      {
        schema: {
          tags,
          summary:
            'Switch the AI export files on or off and choose their formats (owner and admins); files the user edited are never overwritten',
          params: storeParamsSchema,
          body: storeExportSettingsSchema,
          response: {
            200: storeExportSettingsSchema,
            ...always,
            ...forbidden,
            ...notFound,
            ...tooLarge,
            ...unprocessable,
          },
        },
      },
      async (request) => setStoreExport(db, context, actorOf(request), request.params.id, request.body),
    );

    app.post(
      `${prefix}/populate`,
      {
        schema: {
          tags,
          summary: 'Write the whole workspace to the linked repository now, as one commit (owner and admins)',
          params: storeParamsSchema,
          response: {
            200: populateResultSchema,
            ...always,
            ...forbidden,
            ...notFound,
            ...conflict,
            ...tooLarge,
            ...unprocessable,
            ...github,
          },
        },
      },
      async (request) => populateStore(db, context, actorOf(request), request.params.id),
    );

    app.get(
      `${prefix}/github/repositories`,
      {
        schema: {
          tags,
          summary: 'The repositories the GitHub App installation can reach (owner and admins)',
          params: storeParamsSchema,
          querystring: repositoriesQuerySchema,
          response: {
            200: installationRepositoryListSchema,
            ...always,
            ...forbidden,
            ...notFound,
            ...conflict,
            ...unprocessable,
            ...github,
          },
        },
      },
      async (request) =>
        listStoreRepositories(
          db,
          context,
          actorOf(request),
          request.params.id,
          request.query.installation_id,
        ),
    );

    app.post(
      `${prefix}/github/check`,
      {
        schema: {
          tags,
          summary: 'Whether the installation can reach and write the repository (owner and admins)',
          params: storeParamsSchema,
          body: repositoryRequestSchema,
          response: {
            200: repositoryCheckSchema,
            ...always,
            ...forbidden,
            ...notFound,
            ...conflict,
            ...tooLarge,
          },
        },
      },
      async (request) => checkStoreRepository(db, context, actorOf(request), request.params.id, request.body),
    );

    app.post(
      `${prefix}/github/connect`,
      {
        schema: {
          tags,
          summary: 'Link the repository to the workspace (owner and admins)',
          params: storeParamsSchema,
          body: repositoryRequestSchema,
          response: {
            200: connectResultSchema,
            ...always,
            ...forbidden,
            ...notFound,
            ...conflict,
            ...tooLarge,
            ...unprocessable,
            ...github,
          },
        },
      },
      async (request) =>
        connectStoreRepository(db, context, actorOf(request), request.params.id, request.body),
    );

    app.post(
      `${prefix}/github/disconnect`,
      {
        schema: {
          tags,
          summary: 'Unlink the repository; its files stay on GitHub (owner and admins)',
          params: storeParamsSchema,
          response: { 200: disconnectResultSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
        },
      },
      async (request) => disconnectStoreRepository(db, actorOf(request), request.params.id),
    );

    app.post(
      `${prefix}/github/installation`,
      {
        schema: {
          tags,
          summary:
            'Save the GitHub App installation the install flow returned with, once GitHub confirms with `code` that the caller may access it (owner and admins)',
          params: storeParamsSchema,
          body: installationRequestSchema,
          response: {
            200: installationResultSchema,
            ...always,
            ...forbidden,
            ...notFound,
            ...tooLarge,
            ...unprocessable,
            ...github,
          },
        },
      },
      async (request) =>
        saveStoreInstallation(db, context, actorOf(request), request.params.id, request.body),
    );
  }
}
