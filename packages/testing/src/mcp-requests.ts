// Raw MCP requests, for callers that post them without the SDK's client (to time them, or to see the HTTP).
export const MCP_PROTOCOL = '2026-07-28';

/** A tools/call as the SDK's client `client` sends it at 2026-07-28: the routing headers and the envelope in _meta. */
export function mcpToolCall(
  name: string,
  args: Record<string, unknown>,
  client: string,
): { headers: Record<string, string>; body: object } {
  return {
    headers: {
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MCP_PROTOCOL,
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name,
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MCP_PROTOCOL,
          'io.modelcontextprotocol/clientInfo': { name: client, version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    },
  };
}
