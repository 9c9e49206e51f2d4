import type { FastifyInstance } from 'fastify';
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

export async function startApiProcesses(count = 2): Promise<ApiProcesses> {
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
export async function startIdentityApi(
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
