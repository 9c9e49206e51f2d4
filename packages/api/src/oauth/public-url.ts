import type { FastifyRequest } from 'fastify';
import { MCP_RESOURCE_PATH } from '@stackyard/contracts/oauth';

/**
 * Where clients reach this server: PUBLIC_URL, else what the request was sent to. It is the OAuth issuer,
 * and with /mcp the resource its tokens are bound to.
 */
export function publicBase(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

export function mcpResource(request: FastifyRequest, publicUrl: string | undefined): string {
  return `${publicBase(request, publicUrl)}${MCP_RESOURCE_PATH}`;
}
