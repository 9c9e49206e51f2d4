// Client ID Metadata Documents: a client_id that is an https URL is read (through the ingestion fetcher's
// guard) and its redirect URIs are what the authorization request is checked against.
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { fixtureCertificate, fixtureKey } from '@stackyard/ingestion/testing/tls-fixture';
import { apiTest, serverFixture } from '@stackyard/testing/api-fixtures';

const REDIRECT = 'http://127.0.0.1:9/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** The clients' metadata documents, served over https on loopback; `origin` is where. */
async function startDocuments(): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = '';
  const server = https.createServer({ cert: fixtureCertificate, key: fixtureKey }, (request, response) => {
    const url = `${origin}${request.url}`;
    const bodies: Record<string, unknown> = {
      '/client.json': { client_id: url, client_name: 'Metadata Assistant', redirect_uris: [REDIRECT] },
      '/impostor.json': { client_id: `${origin}/client.json`, redirect_uris: [REDIRECT] },
      '/bad-redirect.json': { client_id: url, redirect_uris: ['http://assistant.example/cb'] },
    };
    const body = bodies[request.url ?? ''];
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

// `documents`, the server of the metadata documents (one per file), which the API's fetcher trusts;
// `authorize`, the start of an authorization request of a client on the file's API.
const test = apiTest({
  env: { INGESTION_INTRANET_ALLOWLIST: '127.0.0.1' },
  ingestion: {
    pollMs: 100,
    fetch: { resolver: async () => [{ address: '127.0.0.1', family: 4 }], extraCa: [fixtureCertificate] },
  },
})
  .extend('documents', { scope: 'file' }, serverFixture(startDocuments))
  .extend('authorize', { scope: 'file' }, ({ api }) => (clientId: string) => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    });
    return api.app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
  });

describe('Client ID Metadata Documents', () => {
  test('reads the document of an https client_id and shows its name on the consent page', async ({
    api,
    documents,
    authorize,
  }) => {
    const started = await authorize(`${documents.origin}/client.json`);
    expect(started.statusCode, started.body).toBe(302);
    const id = new URL(String(started.headers.location)).searchParams.get('request');
    const user = await api.user();
    const shown = await api.as(user).get(`/oauth/authorizations/${id}`);
    expect(shown.json()).toMatchObject({ client_name: 'Metadata Assistant', redirect_host: '127.0.0.1:9' });
  });

  test('refuses a document that is missing, names another client_id or an unsafe redirect URI', async ({
    documents,
    authorize,
  }) => {
    for (const [path, message] of [
      ['/missing.json', "The client's metadata document answered 404"],
      ['/impostor.json', "The metadata document's client_id is not its own URL"],
      ['/bad-redirect.json', 'must use https, or http on 127.0.0.1, localhost or [::1]'],
    ] as const) {
      const response = await authorize(`${documents.origin}${path}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message.replaceAll("'", '&#39;'));
    }
  });
});
