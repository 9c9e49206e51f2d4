import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_PATH } from '@stackyard/contracts/oauth';
import type { Database } from '@stackyard/db/client';
import { DEFAULT_PAGE_FETCH, type PageFetchSettings } from '../catalog/page-fetch.ts';
import { clientInformation, redirectUriMatches, registerClient, resolveClient } from './oauth-clients.ts';
import { OAuthError } from './oauth-error.ts';
import { exchange, revokeToken, startAuthorization } from './oauth.service.ts';
import { mcpResource, publicBase } from './public-url.ts';

export interface OAuthServerOptions {
  db: Database;
  /** PUBLIC_URL: the issuer; without it, what each request was sent to. */
  publicUrl?: string;
  /** How Client ID Metadata Documents are read: the ingestion fetcher's rules. */
  pageFetch?: PageFetchSettings;
}

export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
const BODY_LIMIT = 64 * 1024;
const FORM = 'application/x-www-form-urlencoded';
// Browser-based clients (an MCP inspector) read the metadata and call these endpoints from another origin;
// nothing here reads a cookie, so allowing every origin exposes nothing.
const CROSS_ORIGIN_PATHS = [
  AUTHORIZATION_SERVER_METADATA_PATH,
  '/oauth/register',
  '/oauth/token',
  '/oauth/revoke',
];

/**
 * The OAuth 2.1 authorization server of the MCP resource: RFC 8414 metadata, dynamic client registration
 * (RFC 7591) and Client ID Metadata Documents, the authorization endpoint (which hands the browser to the
 * app's consent page), the token endpoint and revocation (RFC 7009). Public clients with PKCE S256 only.
 */
export async function oauthServer(app: FastifyInstance, options: OAuthServerOptions): Promise<void> {
  const { db } = options;
  const pageFetch = options.pageFetch ?? DEFAULT_PAGE_FETCH;
  const base = (request: FastifyRequest) => publicBase(request, options.publicUrl);

  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof OAuthError) return oauthError(reply, error);
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const message = error instanceof Error ? error.message : 'The request is not valid';
      return oauthError(reply, new OAuthError('invalid_request', message, status));
    }
    throw error;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!CROSS_ORIGIN_PATHS.includes(request.routeOptions.url ?? '')) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-allow-headers', 'content-type, authorization, mcp-protocol-version');
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
  });
  for (const path of CROSS_ORIGIN_PATHS) {
    app.options(path, { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
  }

  app.get(AUTHORIZATION_SERVER_METADATA_PATH, { schema: { hide: true } }, async (request) => {
    const issuer = base(request);
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['read', 'read_write'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${issuer}/settings/connect`,
    };
  });

  app.post('/oauth/register', { schema: { hide: true }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const client = await registerClient(db, request.body);
    return reply.code(201).header('cache-control', 'no-store').send(clientInformation(client));
  });

  app.get('/oauth/authorize', { schema: { hide: true } }, async (request, reply) => {
    const issuer = base(request);
    // Until the client and its redirect URI are known good, an error is shown here: redirecting to an
    // unchecked URI would make this server an open redirector.
    const repeated = Object.entries(request.query as Record<string, unknown>).find(([, value]) =>
      Array.isArray(value),
    );
    if (repeated) return errorPage(reply, `The request names ${repeated[0]} more than once.`);
    const query = request.query as Record<string, string | undefined>;
    if (!query.client_id) return errorPage(reply, 'The request names no client (client_id is missing).');
    let client;
    try {
      client = await resolveClient(db, pageFetch, query.client_id);
    } catch (error) {
      if (error instanceof OAuthError) return errorPage(reply, error.message);
      throw error;
    }
    if (!client) return errorPage(reply, 'This client is not registered with this server.');
    const redirectUri =
      query.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
    if (!redirectUri) return errorPage(reply, 'The request names no redirect_uri.');
    if (!redirectUriMatches(client.redirectUris, redirectUri)) {
      return errorPage(reply, 'The redirect_uri is not one this client registered.');
    }
    try {
      const id = await startAuthorization(
        db,
        {
          client,
          redirectUri,
          state: query.state,
          codeChallenge: query.code_challenge,
          codeChallengeMethod: query.code_challenge_method,
          responseType: query.response_type,
          resource: query.resource,
          scope: query.scope,
        },
        mcpResource(request, options.publicUrl),
      );
      return reply.redirect(`${issuer}${CONSENT_PATH}?request=${id}`, 302);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      const target = new URL(redirectUri);
      target.searchParams.set('error', error.code);
      target.searchParams.set('error_description', error.message);
      if (query.state !== undefined) target.searchParams.set('state', query.state);
      target.searchParams.set('iss', issuer);
      return reply.redirect(target.href, 302);
    }
  });

  app.post('/oauth/token', { schema: { hide: true }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const tokens = await exchange(db, formOf(request));
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
  });

  app.post('/oauth/revoke', { schema: { hide: true }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const form = formOf(request);
    if (!form.token) throw new OAuthError('invalid_request', 'token is required');
    await revokeToken(db, form.token);
    return reply.code(200).send({});
  });
}

function formOf(request: FastifyRequest): Record<string, string | undefined> {
  if (!request.headers['content-type']?.toLowerCase().startsWith(FORM)) {
    throw new OAuthError('invalid_request', `Send the parameters as ${FORM}`);
  }
  return (request.body ?? {}) as Record<string, string | undefined>;
}

function oauthError(reply: FastifyReply, error: OAuthError) {
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ error: error.code, error_description: error.message });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>Cannot connect · stackyard</title></head><body><main><h1>This app cannot connect to stackyard</h1>` +
        `<p>${escapeHtml(message)}</p><p>Go back to the app you came from and try connecting again.</p></main></body></html>`,
    );
}
