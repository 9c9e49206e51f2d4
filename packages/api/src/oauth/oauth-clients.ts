import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { guardedFetch } from '@stackyard/ingestion/guarded-fetch';
import type { Database } from '@stackyard/db/client';
import { fetchOptions, type PageFetchSettings } from '../catalog/page-fetch.ts';
import { findClient, saveClient, type OAuthClientRow } from './oauth.repo.ts';
import { OAuthError } from './oauth-error.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const REDIRECT_URIS_MAX = 10;
const CLIENT_NAME_MAX = 100;
// A metadata document is read again after this long, so a client's changed redirect URIs are picked up.
const DOCUMENT_TTL_MS = 60 * 60 * 1000;
const DOCUMENT_MAX_BYTES = 64 * 1024;

// Schemes a browser runs, reads locally or keeps to itself instead of handing them to an app.
const UNSAFE_SCHEMES = new Set([
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
  'filesystem:',
]);

/**
 * Why a redirect URI is refused, or null when it is acceptable: https; http on a loopback address for a
 * native client (which listens on a port of its choosing, RFC 8252); or a native app's own scheme, which the
 * browser hands to that app (PKCE keeps a code another app catches useless): with a host, as Cursor's
 * cursor://anysphere.cursor-mcp/oauth/callback, or named by a reversed domain, as com.example.app:/callback, so
 * the consent page has something to show. Never a fragment.
 */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (url.hash || uri.includes('#')) return `${uri} must not have a fragment`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(url.hostname)) return null;
    return `${uri} must use https, or http on 127.0.0.1, localhost or [::1]`;
  }
  if (!UNSAFE_SCHEMES.has(url.protocol) && (url.host || url.protocol.includes('.'))) return null;
  return `${uri} must use https, http on 127.0.0.1, localhost or [::1], or an app's own scheme`;
}

/** Exact match, except that a registered loopback URI matches the same URI on any port. */
export function redirectUriMatches(registered: readonly string[], presented: string): boolean {
  if (registered.includes(presented)) return true;
  let asked: URL;
  try {
    asked = new URL(presented);
  } catch {
    return false;
  }
  if (asked.protocol !== 'http:' || !LOOPBACK_HOSTS.has(asked.hostname)) return false;
  return registered.some((uri) => {
    const known = new URL(uri);
    if (known.protocol !== 'http:' || known.hostname !== asked.hostname) return false;
    known.port = asked.port;
    return known.href === asked.href;
  });
}

const metadataSchema = z.object({
  redirect_uris: z.array(z.string()).min(1).max(REDIRECT_URIS_MAX),
  client_name: z.string().trim().min(1).max(CLIENT_NAME_MAX).optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

type ClientMetadata = z.infer<typeof metadataSchema>;

function validMetadata(body: unknown): ClientMetadata {
  const parsed = metadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'the body';
    throw new OAuthError('invalid_client_metadata', `${where}: ${issue?.message ?? 'invalid'}`);
  }
  const metadata = parsed.data;
  for (const uri of metadata.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }
  if (metadata.grant_types && !metadata.grant_types.includes('authorization_code')) {
    throw new OAuthError('invalid_client_metadata', 'grant_types must include authorization_code');
  }
  if (metadata.response_types && metadata.response_types.some((type) => type !== 'code')) {
    throw new OAuthError('invalid_client_metadata', 'response_types may only be code');
  }
  return metadata;
}

/** What a client is told about itself (RFC 7591): public, no secret, authorization code with refresh. */
export function clientInformation(client: OAuthClientRow) {
  return {
    client_id: client.clientId,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** Dynamic client registration (RFC 7591). Any asked authentication method becomes none: public clients only. */
export async function registerClient(db: Database, body: unknown): Promise<OAuthClientRow> {
  const metadata = validMetadata(body);
  return saveClient(db, {
    clientId: randomBytes(18).toString('base64url'),
    kind: 'registered',
    name: metadata.client_name ?? 'Unnamed client',
    redirectUris: metadata.redirect_uris,
  });
}

export function isMetadataDocumentUrl(clientId: string): boolean {
  return clientId.startsWith('https://');
}

/**
 * The client a client_id names: a registered one, or the one its Client ID Metadata Document describes
 * (read through the ingestion fetcher's guard, kept for an hour). Null when there is no such client.
 */
export async function resolveClient(
  db: Database,
  fetch: PageFetchSettings,
  clientId: string,
): Promise<OAuthClientRow | null> {
  const known = await findClient(db, clientId);
  if (!isMetadataDocumentUrl(clientId)) return known;
  if (known && Date.now() - known.fetchedAt.getTime() < DOCUMENT_TTL_MS) return known;
  const metadata = await readMetadataDocument(fetch, clientId);
  return saveClient(db, {
    clientId,
    kind: 'metadata_document',
    name: metadata.client_name ?? new URL(clientId).host,
    redirectUris: metadata.redirect_uris,
  });
}

async function readMetadataDocument(settings: PageFetchSettings, clientId: string): Promise<ClientMetadata> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw new OAuthError('invalid_client', 'client_id is not a valid URL');
  }
  if (url.pathname === '/' || url.hash) {
    throw new OAuthError('invalid_client', 'A client_id URL must have a path and no fragment');
  }
  const fetched = await guardedFetch(clientId, {
    ...fetchOptions(settings),
    accept: 'application/json',
    maxBytes: DOCUMENT_MAX_BYTES,
    maxRedirects: 0,
  });
  if (!fetched.ok) {
    throw new OAuthError(
      'invalid_client',
      `The client's metadata document could not be read: ${fetched.failure.message}`,
    );
  }
  if (fetched.value.status !== 200) {
    throw new OAuthError('invalid_client', `The client's metadata document answered ${fetched.value.status}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(fetched.value.body.toString('utf8'));
  } catch {
    throw new OAuthError('invalid_client', "The client's metadata document is not JSON");
  }
  if ((document as { client_id?: unknown } | null)?.client_id !== clientId) {
    throw new OAuthError('invalid_client', "The metadata document's client_id is not its own URL");
  }
  try {
    return validMetadata(document);
  } catch (error) {
    if (error instanceof OAuthError) throw new OAuthError('invalid_client', error.message);
    throw error;
  }
}
