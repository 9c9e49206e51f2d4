// Client ID Metadata Documents: a client_id that is an https URL is read (through the ingestion fetcher's
// guard) and its redirect URIs are what the authorization request is checked against.
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCertificate, fixtureKey } from '@stackyard/ingestion/testing/tls-fixture';
import { createHarness, type Harness } from '@stackyard/testing/harness';

let h: Harness;
let server: https.Server;
let documents: string;
const REDIRECT = 'http://127.0.0.1:9/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

beforeAll(async () => {
  server = https.createServer({ cert: fixtureCertificate, key: fixtureKey }, (request, response) => {
    const url = `${documents}${request.url}`;
    const bodies: Record<string, unknown> = {
      '/client.json': { client_id: url, client_name: 'Metadata Assistant', redirect_uris: [REDIRECT] },
      '/impostor.json': { client_id: `${documents}/client.json`, redirect_uris: [REDIRECT] },
      '/bad-redirect.json': { client_id: url, redirect_uris: ['http://assistant.example/cb'] },
    };
    const body = bodies[request.url ?? ''];
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  documents = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await createHarness({
    env: { INGESTION_INTRANET_ALLOWLIST: '127.0.0.1' },
    ingestion: {
      pollMs: 100,
      fetch: { resolver: async () => [{ address: '127.0.0.1', family: 4 }], extraCa: [fixtureCertificate] },
    },
  });
});

afterAll(async () => {
  await h.close();
  server.closeAllConnections();
  server.close();
});

function authorize(clientId: string) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  });
  return h.app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
}

describe('Client ID Metadata Documents', () => {
  it('reads the document of an https client_id and shows its name on the consent page', async () => {
    const started = await authorize(`${documents}/client.json`);
    expect(started.statusCode, started.body).toBe(302);
    const id = new URL(String(started.headers.location)).searchParams.get('request');
    const user = await h.user();
    const shown = await h.as(user).get(`/oauth/authorizations/${id}`);
    expect(shown.json()).toMatchObject({ client_name: 'Metadata Assistant', redirect_host: '127.0.0.1:9' });
  });

  it('refuses a document that is missing, names another client_id or an unsafe redirect URI', async () => {
    for (const [path, message] of [
      ['/missing.json', "The client's metadata document answered 404"],
      ['/impostor.json', "The metadata document's client_id is not its own URL"],
      ['/bad-redirect.json', 'must use https, or http on 127.0.0.1, localhost or [::1]'],
    ] as const) {
      const response = await authorize(`${documents}${path}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message.replaceAll("'", '&#39;'));
    }
  });
});
