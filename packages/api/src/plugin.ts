import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVALID_UTF8_DETAIL, textInputProblem, utf8Text } from '@stackyard/contracts/text-input';
import { AppError, problemSchema } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { accountRoutes } from './account/account.routes.ts';
import type { IdentityAccounts } from './account/identity-accounts.ts';
import { authenticate } from './auth/authenticate.ts';
import { assertSentByApp } from './auth/request-origin.ts';
import { bookmarkRoutes } from './bookmarks/bookmarks.routes.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';
import { commentRoutes } from './comments/comments.routes.ts';
import { compareRoutes } from './compare/compare.routes.ts';
import { archiveRoutes } from './drift/archive.routes.ts';
import { driftRoutes } from './drift/drift.routes.ts';
import { createFactsContext, type FactsContext } from './facts/facts-context.ts';
import { DEFAULT_FACTS_SETTINGS } from './facts/facts-settings.ts';
import { factsRoutes } from './facts/facts.routes.ts';
import { DEFAULT_HEALTH_SETTINGS, type HealthContext } from './health/health-context.ts';
import { healthRoutes } from './health/health.routes.ts';
import type { IngestionQueue } from './jobs/queues.ts';
import { ingestionRoutes } from './ingestion/ingestion.routes.ts';
import { lookupRoutes } from './lookup/lookup.routes.ts';
import { metadataRefreshRoutes } from './catalog/metadata-refresh.routes.ts';
import { DEFAULT_PAGE_FETCH, type PageFetchSettings } from './catalog/page-fetch.ts';
import { memberRoutes } from './members/members.routes.ts';
import { invalid } from './http.ts';
import { insertProfileIfMissing } from './profiles/profiles.repo.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { profileRoutes } from './profiles/profiles.routes.ts';
import { projectRoutes } from './projects/projects.routes.ts';
import { resourceRoutes } from './resources/resources.routes.ts';
import { radarRoutes } from './radar/radar.routes.ts';
import { stackRoutes } from './stack/stack.routes.ts';
import type { LlmSettings } from './suggestions/llm.ts';
import { suggestionRoutes } from './suggestions/suggestions.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { createStoreContext, type StoreContext } from './store/store-context.ts';
import { DEFAULT_STORE_SETTINGS } from './store/store-settings.ts';
import { storeRoutes } from './store/store.routes.ts';
import { tagRoutes } from './tags/tags.routes.ts';
import { tagSuggestionRoutes } from './tag-suggestions/tag-suggestions.routes.ts';
import { tokenRoutes } from './tokens/tokens.routes.ts';
import { READ_ONLY_TOKEN, verifyAccessToken } from './tokens/tokens.service.ts';
import { toolRoutes } from './tools/tools.routes.ts';
import { oauthRoutes } from './oauth/oauth.routes.ts';
import { verifyOAuthAccessToken } from './oauth/oauth.service.ts';
import { mcpResource } from './oauth/public-url.ts';
import { workspaceRoutes } from './workspaces/workspaces.routes.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Bodies of the product API are small JSON documents; anything bigger is refused before it is parsed. */
export const API_BODY_LIMIT = 64 * 1024;

export interface ProductApiOptions {
  db: Database;
  verifier: TokenVerifier;
  bodyLimit?: number;
  /** The ingestion worker, woken after a submission; without it jobs wait for a worker's next poll. */
  ingestion?: IngestionQueue;
  /** The repository store (GitHub App client, sync timing); without it storage answers "not configured". */
  store?: StoreContext;
  /** Tool facts (upstream URLs, the worker's wake-up); without it refreshes wait for a worker's next poll. */
  facts?: FactsContext;
  /** Link health (settings, the worker's wake-up); without it checks wait for a worker's next poll. */
  health?: HealthContext;
  /** The language model of project suggestions; without it the built-in engine answers. */
  llm?: LlmSettings | null;
  /** How a metadata refresh reads pages (the ingestion fetcher's rules); without it public addresses only. */
  pageFetch?: PageFetchSettings;
  /** The identity service's accounts (export's e-mail, account deletion); without it deletion answers 503. */
  identity?: IdentityAccounts;
  /** PUBLIC_URL: the OAuth issuer, and with /mcp the audience of OAuth tokens; else the request's host. */
  publicUrl?: string;
}

// How many identities this process remembers having a profile row for: one insert per user, not per call.
const KNOWN_PROFILES_MAX = 50_000;
const ACCOUNT_DELETED = 'This account has been deleted.';

/** The product API, registered under /api/v1. Every route needs a signed-in caller unless marked public. */
export async function productApi(app: FastifyInstance, options: ProductApiOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: options.db };
  const knownProfiles = new Set<string>();
  // Accounts deleted through this process: refused at once, before the revocation list catches up (~2 s).
  const deletedAccounts = new Set<string>();

  api.decorateRequest('actor', null);
  // JSON only: a form or text/plain body (what a cross-site form can send) is refused with 415. Bytes that
  // are not UTF-8 are refused rather than stored as U+FFFD.
  api.removeAllContentTypeParsers();
  const parseJson = api.getDefaultJsonParser('error', 'error');
  api.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = utf8Text(body);
    if (text === null) return done(new AppError('bad_request', `/body: ${INVALID_UTF8_DETAIL}`));
    parseJson(request, text, done);
  });
  api.addHook('onRoute', (route) => {
    route.bodyLimit ??= options.bodyLimit ?? API_BODY_LIMIT;
    // Any state-changing call made with the cookie from outside the app is refused (assertSentByApp).
    const methods = [route.method].flat();
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !route.config?.public && methods.some((method) => method !== 'GET' && method !== 'HEAD'))
      response[403] ??= problemSchema;
  });
  // Authentication runs before the body is read or validated: an anonymous caller learns nothing but 401.
  api.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    const actor = await authenticate(request, options.verifier, (secret, kind) =>
      kind === 'oauth_access_token'
        ? verifyOAuthAccessToken(options.db, secret, mcpResource(request, options.publicUrl))
        : verifyAccessToken(options.db, secret),
    );
    assertSentByApp(request);
    // A read-only token may only read; this one gate covers every writing route, present and future.
    if (actor.token?.scope === 'read' && !SAFE_METHODS.has(request.method)) {
      throw new AppError('forbidden', READ_ONLY_TOKEN);
    }
    if (deletedAccounts.has(actor.userId)) throw new AppError('unauthenticated', ACCOUNT_DELETED);
    if (!knownProfiles.has(actor.userId)) {
      await insertProfileIfMissing(options.db, actor.userId);
      if (knownProfiles.size >= KNOWN_PROFILES_MAX) knownProfiles.clear();
      knownProfiles.add(actor.userId);
    }
    request.actor = actor;
  });
  // Before any schema or SQL sees the input. A file body (the bookmarks file's bytes) is its route's business.
  api.addHook('preValidation', async (request) => {
    const problem =
      textInputProblem(request.params, '/params') ??
      textInputProblem(request.query, '/query') ??
      (typeof request.body === 'object' && !Buffer.isBuffer(request.body)
        ? textInputProblem(request.body, '/body')
        : null);
    if (problem) throw new AppError('bad_request', `${problem.pointer}: ${problem.detail}`);
  });

  api.get(
    '/',
    {
      config: { public: true },
      schema: {
        tags: ['meta'],
        summary: 'Names the API and its version',
        security: [],
        response: { 200: z.object({ name: z.string(), version: z.number().int() }), ...invalid },
      },
    },
    async () => ({ name: 'stackyard', version: 1 }),
  );

  profileRoutes(api, deps);
  // The caller's own account: data export and deletion.
  accountRoutes(api, deps, {
    identity: options.identity ?? null,
    onDeleted: (userId) => {
      if (deletedAccounts.size >= KNOWN_PROFILES_MAX) deletedAccounts.clear();
      deletedAccounts.add(userId);
      knownProfiles.delete(userId);
    },
  });
  workspaceRoutes(api, deps);
  memberRoutes(api, deps);
  // The catalog.
  const pageFetch = options.pageFetch ?? DEFAULT_PAGE_FETCH;
  toolRoutes(api, deps, pageFetch);
  resourceRoutes(api, deps, pageFetch);
  metadataRefreshRoutes(api, deps, pageFetch);
  projectRoutes(api, deps);
  commentRoutes(api, deps);
  tagRoutes(api, deps);
  searchRoutes(api, deps);
  // Where the caller already keeps a URL (the browser extension's icon).
  lookupRoutes(api, deps);
  // Stored icons and preview images.
  mediaRoutes(api, deps);
  // Ingestion.
  ingestionRoutes(api, deps, options.ingestion);
  // Its own plugin: the only route reading a text/html body (a bookmarks file).
  await api.register(bookmarkRoutes, { ...deps, ingestion: options.ingestion });
  // Personal access tokens.
  tokenRoutes(api, deps);
  // OAuth for remote MCP clients: the consent page and the connected apps.
  oauthRoutes(api, deps, options.publicUrl);
  // The preferred stack and its AI-assistant export.
  stackRoutes(api, deps);
  radarRoutes(api, deps);
  const store = options.store ?? createStoreContext(DEFAULT_STORE_SETTINGS);
  driftRoutes(api, deps, store);
  // Its own plugin: the only route reading a .zip body.
  await api.register(archiveRoutes, deps);
  // Tool facts and comparison.
  factsRoutes(api, deps, options.facts ?? createFactsContext(DEFAULT_FACTS_SETTINGS));
  compareRoutes(api, deps);
  // Link health of saved items.
  healthRoutes(api, deps, options.health ?? { settings: DEFAULT_HEALTH_SETTINGS, wake: () => {} });
  // Project suggestions.
  suggestionRoutes(api, deps, options.llm ?? null);
  tagSuggestionRoutes(api, deps, options.llm ?? null);
  // Repository store.
  storeRoutes(api, deps, store);
}
