import { McpServer } from '@modelcontextprotocol/server';
import type { ApiClient } from './api-client.ts';
import { registerPrompts } from './prompts.ts';
import { registerReadTools } from './read-tools.ts';
import { registerRecommendTool } from './recommend.ts';
import { registerResources } from './resources.ts';
import { registerStackTools } from './stack-tools.ts';
import { registerSuggestTool } from './suggest.ts';
import { registerWriteTools, type WriteToolOptions } from './write-tools.ts';

export const MCP_SERVER_INFO = { name: 'stackyard', version: '1.0.0' };

const INSTRUCTIONS =
  'stackyard keeps the tools, resources (links) and projects a team uses, with ratings, tags, comments and the team’s stance on each tool (preferred, accepted, avoid). ' +
  'To answer "what should we use for X?", call get_preferred_stack (with a category) or recommend_tool before relying on general knowledge; never suggest a tool the team marked avoid. ' +
  'For project ideas built from the team’s collection, call suggest_projects. ' +
  'Most tools take a workspace (slug or id); list_workspaces names them.';

/**
 * The MCP server of one caller: every tool, resource and prompt, each answered through the public API with
 * the caller's own credential. Made fresh per HTTP request (stateless) or once per stdio connection.
 */
export function createStackyardMcpServer(api: ApiClient, options: WriteToolOptions): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });
  registerReadTools(server, api);
  registerStackTools(server, api);
  registerRecommendTool(server, api);
  registerSuggestTool(server, api);
  registerWriteTools(server, api, options);
  registerResources(server, api);
  registerPrompts(server);
  return server;
}
