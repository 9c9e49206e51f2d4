import { McpServer } from '@modelcontextprotocol/server';
import type { ApiClient } from './api-client.ts';
import { registerCompareTools } from './compare-tools.ts';
import { registerContentTools } from './content-tools.ts';
import { registerCurationTools } from './curation-tools.ts';
import { registerDriftTools } from './drift-tools.ts';
import { registerEditTools } from './edit-tools.ts';
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
  'To weigh tools against each other, compare_tools puts their public facts beside the team’s ratings and usage. ' +
  'For project ideas built from the team’s collection, call suggest_projects. ' +
  'get_resource_content reads the saved copy of a resource (a link the team kept) as Markdown. ' +
  'Most tools take a workspace (slug or id); list_workspaces names them.';

/**
 * The lists of tools, resources and prompts never change while a client is connected (no notification is
 * sent), so none is advertised as changing: the SDK would otherwise advertise listChanged for each.
 */
const FIXED_LISTS = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
};

/**
 * The MCP server of one caller: every tool, resource and prompt, each answered through the public API with
 * the caller's own credential. Made fresh per HTTP request (stateless) or once per stdio connection.
 */
export function createStackyardMcpServer(api: ApiClient, options: WriteToolOptions): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS, capabilities: FIXED_LISTS });
  registerReadTools(server, api);
  registerContentTools(server, api);
  registerStackTools(server, api);
  registerDriftTools(server, api);
  registerRecommendTool(server, api);
  registerCompareTools(server, api);
  registerSuggestTool(server, api);
  registerWriteTools(server, api, options);
  registerCurationTools(server, api);
  registerEditTools(server, api);
  registerResources(server, api);
  registerPrompts(server);
  return server;
}
