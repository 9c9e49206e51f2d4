// What the MCP route needs from the SDK, loaded on the route's first request (http.ts): the SDK, the tools
// and what they import (turndown and its DOM) are a large part of the server's JavaScript, which a server
// nobody connects an MCP client to never needs to hold.
import {
  createMcpHandler,
  localhostAllowedOrigins,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { ApiClient } from './api-client.ts';
import { createStackyardMcpServer } from './server.ts';

const API_CLIENT = 'stackyardApi';

export interface McpEngine {
  /** Answers one MCP request whose tools call the API through the given client. */
  answer(
    request: Request,
    caller: { token: string; api: ApiClient; parsedBody?: unknown },
  ): Promise<Response>;
  /** DNS rebinding: null for an allowed Origin header (or none), else why it is refused. */
  refuseOrigin(origin: string | undefined): string | null;
  close(): Promise<void>;
}

export function createMcpEngine(options: {
  publicUrl: string | undefined;
  waitSeconds: number;
  onError: (error: unknown) => void;
}): McpEngine {
  const handler = createMcpHandler(
    ({ authInfo }) =>
      createStackyardMcpServer(authInfo?.extra?.[API_CLIENT] as ApiClient, {
        waitSeconds: options.waitSeconds,
      }),
    // The tools send no progress notifications, so every answer is one JSON body (the SDK's 'auto' mode).
    { onerror: options.onError },
  );
  const allowedOrigins = [
    ...localhostAllowedOrigins(),
    ...(options.publicUrl ? [new URL(options.publicUrl).hostname] : []),
  ];
  return {
    answer: (request, { token, api, parsedBody }) => {
      const authInfo: AuthInfo = {
        token,
        clientId: 'personal-access-token',
        scopes: [],
        extra: { [API_CLIENT]: api },
      };
      return handler.fetch(request, { authInfo, ...(parsedBody === undefined ? {} : { parsedBody }) });
    },
    refuseOrigin: (origin) => {
      const checked = validateOriginHeader(origin, allowedOrigins);
      return checked.ok ? null : checked.message;
    },
    close: () => handler.close(),
  };
}
