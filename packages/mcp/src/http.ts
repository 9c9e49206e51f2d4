import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createApiClient, type ApiTransport } from './api-client.ts';
import type { McpEngine } from './handler.ts';

export const MCP_PATH = '/mcp';
const METADATA_PATH = '/.well-known/oauth-protected-resource';

export interface McpHttpOptions {
  /** The product API the tools call, with the caller's own Authorization header. */
  api: ApiTransport;
  /** The app's public URL (PUBLIC_URL): its host is an allowed Origin, and it names the resource. */
  publicUrl?: string;
  /** How long add_tool and add_resource wait for ingestion by default, in seconds. */
  waitSeconds?: number;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const WORKSPACES = '/workspaces';

/**
 * The MCP server over Streamable HTTP at /mcp. Stateless: every request gets a fresh server
 * bound to its caller, so any number of processes can answer, with nothing shared but the database.
 */
export async function mcpHttp(app: FastifyInstance, options: McpHttpOptions): Promise<void> {
  let engine: Promise<McpEngine> | null = null;
  const loadEngine = () =>
    (engine ??= import('./handler.ts').then(({ createMcpEngine }) =>
      createMcpEngine({
        publicUrl: options.publicUrl,
        waitSeconds: options.waitSeconds ?? 10,
        onError: (error) => app.log.debug({ err: error }, 'mcp request refused'),
      }),
    ));
  app.addHook('onClose', async () => {
    if (engine) await (await engine).close();
  });

  const resourceUrl = (request: FastifyRequest) => `${baseUrl(request, options.publicUrl)}${MCP_PATH}`;
  const metadataUrl = (request: FastifyRequest) =>
    `${baseUrl(request, options.publicUrl)}${METADATA_PATH}${MCP_PATH}`;

  // RFC 9728: where a client learns that this resource takes a bearer token in the Authorization header.
  for (const path of [METADATA_PATH, `${METADATA_PATH}${MCP_PATH}`]) {
    app.get(path, { schema: { hide: true } }, async (request) => ({
      resource: resourceUrl(request),
      resource_name: 'stackyard',
      // This server is its own authorization server (RFC 8414 metadata at its root).
      authorization_servers: [baseUrl(request, options.publicUrl)],
      scopes_supported: ['read', 'read_write'],
      bearer_methods_supported: ['header'],
      resource_documentation: `${baseUrl(request, options.publicUrl)}/settings/connect`,
    }));
  }

  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_PATH,
    schema: { hide: true },
    // A body that is not JSON is a JSON-RPC parse error, in JSON-RPC: an MCP client reads no problem document.
    errorHandler: (error, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return jsonRpcError(reply, 400, -32700, 'Parse error: the request body is not valid JSON.');
      }
      throw error;
    },
    handler: async (request, reply) => {
      // DNS rebinding: a page on another site must not reach a server on the user's machine or network.
      const mcp = await loadEngine();
      const refused = mcp.refuseOrigin(request.headers.origin);
      if (refused !== null) return jsonRpcError(reply, 403, -32000, `Forbidden: ${refused}`);

      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token) return challenge(reply, metadataUrl(request), null);
      const authorization = `Bearer ${token}`;

      // The API is the gate: every call a tool makes proves the token, or refuses it (then the whole request
      // is refused with 401, whatever the tool made of it). So a tool call costs the API calls it needs and
      // no extra one; a request that reached no API (initialize, tools/list, bad arguments) is checked after.
      const witness = { proved: false, refused: false };
      const api: ApiTransport = async (call) => {
        const answer = await options.api({ ...call, host: request.host });
        if (answer.status === 401) witness.refused = true;
        else if (answer.status < 400) witness.proved = true;
        return answer;
      };
      const response = await mcp.answer(toWebRequest(request, resourceUrl(request)), {
        token,
        api: createApiClient(api, authorization),
        parsedBody: request.body,
      });
      if (!witness.proved && !witness.refused) {
        const check = await api({ method: 'GET', path: WORKSPACES, authorization });
        if (check.status >= 400 && check.status !== 401) {
          await response.body?.cancel();
          return jsonRpcError(
            reply,
            check.status,
            -32603,
            'stackyard is not available right now; try again.',
          );
        }
      }
      if (witness.refused) {
        await response.body?.cancel();
        return challenge(reply, metadataUrl(request), token);
      }

      reply.code(response.status);
      response.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      if (!response.body) return reply.send();
      // A JSON answer is complete already: sent as the text it is, with no stream in between.
      if (response.headers.get('content-type')?.startsWith('application/json')) {
        return reply.send(await response.text());
      }
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
    },
  });
}

/** 401 with the bearer challenge (RFC 6750), pointing at the resource metadata (RFC 9728). */
function challenge(reply: FastifyReply, metadataUrl: string, token: string | null) {
  const description = token
    ? 'The access token is not valid: it may have been revoked or have expired.'
    : 'Connect with OAuth, or send a stackyard personal access token as Authorization: Bearer sy_pat_…';
  reply.header(
    'www-authenticate',
    `Bearer realm="stackyard", resource_metadata="${metadataUrl}"` +
      (token ? `, error="invalid_token", error_description="${description}"` : ''),
  );
  return jsonRpcError(reply, 401, -32001, description);
}

function baseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

function toWebRequest(request: FastifyRequest, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // No body: the handler is given Fastify's parsed body, so serializing it again would be wasted work.
  return new Request(url, { method: request.method, headers });
}

function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .type('application/json')
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}
