import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { projectListSchema } from '@stackyard/contracts/project';
import { toolListSchema } from '@stackyard/contracts/tool';
import type { ApiClient } from './api-client.ts';
import {
  commentsOf,
  findTag,
  listTags,
  listWorkspaces,
  plainSnippet,
  problem,
  projectsUsing,
  resolveProject,
  resolveTool,
  inWorkspace,
  searchLoosely,
  summarizeTool,
  tagNames,
  tagsOf,
  toolSummarySchema,
} from './catalog.ts';
import { answer, structured } from './results.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const workspaceArgument = z
  .string()
  .max(200)
  .optional()
  .describe('The workspace: its id or slug (see list_workspaces). May be left out when you have only one.');

const projectSummarySchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
const commentSchema = z.object({
  author: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
});

// The tools' schemas are made once: building zod schemas is most of what a fresh server per request costs.
const listWorkspacesInput = convertedOnce(toolArguments({}));
const listWorkspacesOutput = convertedOnce(
  z.object({
    workspaces: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        name: z.string(),
        description: z.string().nullable(),
        role: z.string(),
        is_owner: z.boolean(),
      }),
    ),
  }),
);
const searchInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    query: z.string().trim().min(1).max(200).describe('What to look for, in words.'),
    kinds: z
      .array(z.enum(['tool', 'resource', 'project', 'comment']))
      .optional()
      .describe('Only these kinds of result; all kinds when left out.'),
    limit: z.number().int().min(1).max(50).default(20).describe('At most this many results.'),
  }),
);
const searchOutput = convertedOnce(
  z.object({
    results: z.array(
      z.object({
        kind: z.string(),
        id: z.string(),
        title: z.string(),
        slug: z.string().nullable(),
        snippet: z.string(),
        rank: z.number(),
        on: z.object({ kind: z.string(), id: z.string(), slug: z.string().nullable() }).nullable(),
      }),
    ),
  }),
);
const listToolsInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    tag: z.string().max(50).optional().describe('Only tools with this tag (its name).'),
    min_rating: z.number().int().min(1).max(5).optional().describe('Only tools rated at least this (1–5).'),
    sort: z.enum(['recent', 'name', 'rating']).default('rating'),
    limit: z.number().int().min(1).max(100).default(50),
    cursor: z.string().max(500).optional().describe('next_cursor of the previous page.'),
  }),
);
const listToolsOutput = convertedOnce(
  z.object({ tools: z.array(toolSummarySchema), next_cursor: z.string().nullable() }),
);
const getToolInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    tool: z.string().min(1).max(200).describe('The tool’s slug (e.g. "drizzle-orm") or id.'),
  }),
);
const getToolOutput = convertedOnce(
  toolSummarySchema.extend({
    tags: z.array(z.string()),
    comments: z.array(commentSchema),
    projects: z.array(projectSummarySchema),
  }),
);
const listProjectsInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    sort: z.enum(['recent', 'name']).default('recent'),
    limit: z.number().int().min(1).max(100).default(50),
    cursor: z.string().max(500).optional(),
  }),
);
const listProjectsOutput = convertedOnce(
  z.object({
    projects: z.array(projectSummarySchema),
    next_cursor: z.string().nullable(),
  }),
);
const getProjectInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    project: z.string().min(1).max(200).describe('The project’s slug or id.'),
  }),
);
const getProjectOutput = convertedOnce(
  projectSummarySchema.extend({
    tools: z.array(toolSummarySchema),
    tags: z.array(z.string()),
    comments: z.array(commentSchema),
  }),
);

export function registerReadTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'list_workspaces',
    {
      title: 'List workspaces',
      description:
        'Lists the stackyard workspaces you can use, with your role in each (viewer: read only; editor and admin: may also add and change tools). Start here to find the workspace slug other tools take.',
      inputSchema: listWorkspacesInput,
      outputSchema: listWorkspacesOutput,
      annotations: READ,
    },
    () =>
      answer(async () =>
        structured({
          workspaces: (await listWorkspaces(api)).map((workspace) => ({
            id: workspace.id,
            slug: workspace.slug,
            name: workspace.name,
            description: workspace.description ?? null,
            role: workspace.access_level,
            is_owner: workspace.is_owner,
          })),
        }),
      ),
  );

  server.registerTool(
    'search',
    {
      title: 'Search a workspace',
      description:
        'Full-text search across a workspace’s tools, resources (saved links), projects and comments, best match first. Use words a description would contain, e.g. "postgres orm" or "css framework".',
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: READ,
    },
    ({ workspace, query, kinds, limit }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const hits = await searchLoosely(api, id, query, kinds ? 50 : limit);
          return structured({
            results: hits
              .filter((hit) => !kinds || kinds.includes(hit.kind))
              .slice(0, limit)
              .map((hit) => ({
                kind: hit.kind,
                id: hit.id,
                title: hit.title,
                slug: hit.slug,
                snippet: plainSnippet(hit.snippet_html),
                rank: hit.rank,
                on: hit.target,
              })),
          });
        }),
      ),
  );

  server.registerTool(
    'list_tools',
    {
      title: 'List tools',
      description:
        'Lists the tools saved in a workspace, one page at a time: filter by tag name and minimum rating, sort by recent, name or rating. Pass next_cursor back as cursor for the next page.',
      inputSchema: listToolsInput,
      outputSchema: listToolsOutput,
      annotations: READ,
    },
    ({ workspace, tag, min_rating, sort, limit, cursor }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          let tagId: string | undefined;
          if (tag) {
            tagId = findTag(await listTags(api, id, tag), tag)?.id;
            if (!tagId) {
              const tags = await listTags(api, id);
              throw problem(404, `No tag "${tag}" in this workspace. Its tags: ${tagNames(tags)}.`);
            }
          }
          const page = await api.page(toolListSchema, '/tools', {
            workspace_id: id,
            tag: tagId,
            sort,
            limit,
            cursor,
          });
          const tools = page.items
            .map(summarizeTool)
            .filter((tool) => min_rating === undefined || (tool.rating ?? 0) >= min_rating);
          return structured({ tools, next_cursor: page.nextCursor });
        }),
      ),
  );

  server.registerTool(
    'get_tool',
    {
      title: 'Get a tool',
      description:
        'Everything the workspace knows about one tool: description, links, the team’s rating (1–5), tags, comments and the projects that use it.',
      inputSchema: getToolInput,
      outputSchema: getToolOutput,
      annotations: READ,
    },
    ({ workspace, tool }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const found = await resolveTool(api, id, tool);
          const path = `/tools/workspace/${found.workspace_tool_id}`;
          const [tags, comments, projects] = await Promise.all([
            tagsOf(api, path),
            commentsOf(api, path),
            projectsUsing(api, id, found.workspace_tool_id),
          ]);
          return structured({ ...summarizeTool(found), tags, comments, projects });
        }),
      ),
  );

  server.registerTool(
    'list_projects',
    {
      title: 'List projects',
      description:
        'Lists a workspace’s projects (things the team built, each with the tools it uses), one page at a time. Pass next_cursor back as cursor for the next page.',
      inputSchema: listProjectsInput,
      outputSchema: listProjectsOutput,
      annotations: READ,
    },
    ({ workspace, sort, limit, cursor }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const page = await api.page(projectListSchema, '/projects', {
            workspace_id: id,
            sort,
            limit,
            cursor,
          });
          return structured({
            projects: page.items.map((project) => ({
              id: project.id,
              slug: project.slug,
              name: project.metadata.name,
            })),
            next_cursor: page.nextCursor,
          });
        }),
      ),
  );

  server.registerTool(
    'get_project',
    {
      title: 'Get a project',
      description: 'One project of the workspace: its tools (with ratings), tags and comments.',
      inputSchema: getProjectInput,
      outputSchema: getProjectOutput,
      annotations: READ,
    },
    ({ workspace, project }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const found = await resolveProject(api, id, project);
          const path = `/projects/${found.id}`;
          const [tools, tags, comments] = await Promise.all([
            api.get(toolListSchema, `${path}/tools`),
            tagsOf(api, path),
            commentsOf(api, path),
          ]);
          return structured({
            id: found.id,
            slug: found.slug,
            name: found.metadata.name,
            tools: tools.map(summarizeTool),
            tags,
            comments,
          });
        }),
      ),
  );
}
