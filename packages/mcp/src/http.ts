import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  createMcpHandler,
  localhostAllowedOrigins,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createApiClient, type ApiResponse, type ApiTransport } from './api-client.ts';
import { createStackyardMcpServer } from './server.ts';

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
const KNOWN = 'knownApiAnswers';

/**
 * The MCP server over Streamable HTTP at /mcp (issue 15). Stateless: every request gets a fresh server
 * bound to its caller, so any number of processes can answer, with nothing shared but the database.
 */
export async function mcpHttp(app: FastifyInstance, options: McpHttpOptions): Promise<void> {
  const allowedOrigins = [
    ...localhostAllowedOrigins(),
    ...(options.publicUrl ? [new URL(options.publicUrl).hostname] : []),
  ];
  const handler = createMcpHandler(
    ({ authInfo }) => {
      const known = authInfo?.extra?.[KNOWN] as Map<string, ApiResponse> | undefined;
      const api = createApiClient(options.api, `Bearer ${authInfo?.token ?? ''}`, known);
      return createStackyardMcpServer(api, { waitSeconds: options.waitSeconds ?? 10 });
    },
    // The tools send no progress notifications, so every answer is one JSON body (the SDK's 'auto' mode).
    { onerror: (error) => app.log.debug({ err: error }, 'mcp request refused') },
  );
  app.addHook('onClose', async () => handler.close());

  const resourceUrl = (request: FastifyRequest) => `${baseUrl(request, options.publicUrl)}${MCP_PATH}`;
  const metadataUrl = (request: FastifyRequest) =>
    `${baseUrl(request, options.publicUrl)}${METADATA_PATH}${MCP_PATH}`;

  // RFC 9728: where a client learns that this resource takes a bearer token in the Authorization header.
  for (const path of [METADATA_PATH, `${METADATA_PATH}${MCP_PATH}`]) {
    app.get(path, { schema: { hide: true } }, async (request) => ({
      resource: resourceUrl(request),
      resource_name: 'stackyard',
      bearer_methods_supported: ['header'],
      resource_documentation: `${baseUrl(request, options.publicUrl)}/connect`,
    }));
  }

  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_PATH,
    schema: { hide: true },
    handler: async (request, reply) => {
      // DNS rebinding: a page on another site must not reach a server on the user's machine or network.
      const origin = validateOriginHeader(request.headers.origin, allowedOrigins);
      if (!origin.ok) return jsonRpcError(reply, 403, -32000, `Forbidden: ${origin.message}`);

      // The gate asks the API for the caller's workspaces: it proves the token, and most tools need the list.
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const check = token
        ? await options.api({ method: 'GET', path: WORKSPACES, authorization: `Bearer ${token}` })
        : null;
      if (!token || check?.status === 401) {
        const description = token
          ? 'The access token is not valid: it may have been revoked or have expired.'
          : 'Send a stackyard personal access token as Authorization: Bearer sy_pat_…';
        reply.header(
          'www-authenticate',
          `Bearer realm="stackyard", resource_metadata="${metadataUrl(request)}"` +
            (token ? `, error="invalid_token", error_description="${description}"` : ''),
        );
        return jsonRpcError(reply, 401, -32001, description);
      }
      if (check && check.status >= 400) {
        return jsonRpcError(reply, check.status, -32603, 'stackyard is not available right now; try again.');
      }

      const response = await handler.fetch(toWebRequest(request, resourceUrl(request)), {
        authInfo: {
          token,
          clientId: 'personal-access-token',
          scopes: [],
          extra: { [KNOWN]: new Map([[WORKSPACES, check]]) },
        },
        ...(request.body === undefined ? {} : { parsedBody: request.body }),
      });
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
    },
  });
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
  const hasBody = request.method === 'POST' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
  });
}

function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .type('application/json')
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}
