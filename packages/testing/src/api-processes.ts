import type { FastifyInstance } from 'fastify';
import { test } from 'vitest';
import { createTestDb } from '@stackyard/db/testing';
import {
  createUser,
  signInBrowser,
  startIdentityServer,
  type IdentityTestServer,
} from '@stackyard/identity/testing';
import { buildApp, type AppDeps } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { identityTokenVerifier } from '@stackyard/server/token-verifier';

/** A real identity service and several API apps on one database, as API processes behind a load balancer. */
export interface ApiProcesses {
  db: Awaited<ReturnType<typeof createTestDb>>;
  identity: IdentityTestServer;
  apps: FastifyInstance[];
  close(): Promise<void>;
}

async function startApiProcesses(count = 2): Promise<ApiProcesses> {
  const db = await createTestDb();
  const identity = await startIdentityServer({}, { db });
  const apps: FastifyInstance[] = [];
  for (let index = 0; index < count; index++) {
    const app = await buildIdentityApp(identity, db, { ROLE: 'api' });
    await app.ready();
    apps.push(app);
  }
  return {
    db,
    identity,
    apps,
    async close() {
      for (const app of apps) await app.close();
      await identity.close();
      await db.close();
    },
  };
}

/**
 * The test function with `processes`, `count` API apps and the identity service on one database, started once per
 * file; `db`, `identity` and `apps` are its parts.
 */
export function apiProcessesTest(count: number) {
  return (
    test
      // vitest reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
      // eslint-disable-next-line no-empty-pattern
      .extend('processes', { scope: 'file' }, async ({}, { onCleanup }) => {
        const processes = await startApiProcesses(count);
        onCleanup(() => processes.close());
        return processes;
      })
      .extend('db', { scope: 'file' }, ({ processes }) => processes.db)
      .extend('identity', { scope: 'file' }, ({ processes }) => processes.identity)
      .extend('apps', { scope: 'file' }, ({ processes }) => processes.apps)
  );
}

/** An API app on `db` that takes the identity service's tokens; `env` and `deps` add to the defaults. */
function buildIdentityApp(
  identity: IdentityTestServer,
  db: AppDeps['db'],
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  return buildApp(loadConfig({ WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env }), {
    db,
    verifier: identityTokenVerifier({
      jwksUrl: `${identity.basePath}/.well-known/jwks.json`,
      issuer: identity.basePath,
    }),
    ...deps,
  });
}

/** A real identity service (on its own database) and one API app on a fresh database taking its tokens. */
export interface IdentityApi {
  identity: IdentityTestServer;
  app: FastifyInstance;
  /** Creates the user in the identity service and signs in as a browser does: its id and the session's JWT. */
  signIn(email: string, password: string): Promise<{ id: string; jwt: string }>;
  close(): Promise<void>;
}

/** Starts it; the app is built, not yet ready or listening. `env` and `deps` as for buildIdentityApp. */
async function startIdentityApi(
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
): Promise<IdentityApi> {
  const identity = await startIdentityServer();
  const db = await createTestDb();
  const app = await buildIdentityApp(identity, db, env, deps);
  return {
    identity,
    app,
    signIn: async (email, password) => {
      const id = await createUser(identity, email, password);
      return { id, jwt: (await signInBrowser(identity, email, password)).jwt };
    },
    async close() {
      await app.close();
      await db.close();
      await identity.close();
    },
  };
}

/**
 * The test function with `api`, the IdentityApi started with `env` and `deps` and made ready once per file, and
 * `origin`, where its app answers real HTTP (closing the app closes its socket too).
 */
export function identityApiTest(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
  return (
    test
      // eslint-disable-next-line no-empty-pattern
      .extend('api', { scope: 'file' }, async ({}, { onCleanup }) => {
        const api = await startIdentityApi(env, deps);
        onCleanup(() => api.close());
        await api.app.ready();
        return api;
      })
      .extend('origin', { scope: 'file' }, ({ api }) => api.app.listen({ host: '127.0.0.1', port: 0 }))
  );
}
