import { z } from 'zod';
import { commentListSchema } from '@stackyard/contracts/comment';
import { projectListSchema, projectSchema, type Project } from '@stackyard/contracts/project';
import { searchResultListSchema, type SearchResult } from '@stackyard/contracts/search';
import { tagListSchema, type Tag } from '@stackyard/contracts/tag';
import { toolListSchema, toolSchema, type Tool } from '@stackyard/contracts/tool';
import { workspaceListSchema, type WorkspaceListItem } from '@stackyard/contracts/workspace';
import { ApiProblem, type ApiClient } from './api-client.ts';

// Reads the MCP tools, resources and prompts share, each made of public API calls.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refusal a model can act on, in the shape of the API's own problems. */
export function problem(status: number, detail: string): ApiProblem {
  return new ApiProblem(status, status === 404 ? 'Not Found' : 'Bad Request', detail, []);
}

const notFound = new ApiProblem(404, 'Not Found', 'Not found', []);

export async function listWorkspaces(api: ApiClient): Promise<WorkspaceListItem[]> {
  return api.get(workspaceListSchema, '/workspaces');
}

/**
 * The workspace a call names by id, slug or name; when none is named and the caller has exactly one, that
 * one. Otherwise the error lists the choices, so the model can ask again with one of them.
 */
export async function resolveWorkspace(
  api: ApiClient,
  named: string | undefined,
): Promise<WorkspaceListItem> {
  const workspaces = await listWorkspaces(api);
  const wanted = named?.trim().toLowerCase();
  if (!wanted) {
    if (workspaces.length === 1 && workspaces[0]) return workspaces[0];
    throw problem(400, `Name the workspace (id or slug). Yours: ${choices(workspaces)}.`);
  }
  const found =
    workspaces.find((workspace) => workspace.id === wanted || workspace.slug === wanted) ??
    workspaces.find((workspace) => workspace.name.toLowerCase() === wanted);
  if (!found) throw problem(404, `No workspace "${named}" among yours: ${choices(workspaces)}.`);
  return found;
}

/**
 * Runs a tool's work in the workspace the call names. An id is used as it is: the API checks it on the
 * work's first call, so listing the caller's workspaces first would be one more API call on every tool call.
 * When the API answers that id with 404, the list is read after all, so the refusal names the caller's
 * workspaces as it does for a slug (and a slug that happens to look like an id still finds its workspace).
 */
export async function inWorkspace<T>(
  api: ApiClient,
  named: string | undefined,
  work: (workspaceId: string) => Promise<T>,
): Promise<T> {
  const key = named?.trim().toLowerCase() ?? '';
  if (!UUID.test(key)) return work((await resolveWorkspace(api, named)).id);
  try {
    return await work(key);
  } catch (error) {
    if (!(error instanceof ApiProblem) || error.status !== 404) throw error;
    const found = await resolveWorkspace(api, named);
    if (found.id === key) throw error;
    return work(found.id);
  }
}

function choices(workspaces: WorkspaceListItem[]): string {
  if (workspaces.length === 0) return 'none (create one in the app first)';
  return workspaces.map((workspace) => `${workspace.slug} (${workspace.name})`).join(', ');
}

/** A tool of the workspace by its id or slug. */
export async function resolveTool(api: ApiClient, workspaceId: string, tool: string): Promise<Tool> {
  const key = tool.trim();
  try {
    if (UUID.test(key)) {
      const found = await api.get(toolSchema, `/tools/workspace/${key}`);
      // An id of another of the caller's workspaces is not this workspace's tool.
      if (found.workspace_id !== workspaceId) throw notFound;
      return found;
    }
    return await api.get(
      toolSchema,
      `/tools/workspace/${workspaceId}/slug/${encodeURIComponent(key.toLowerCase())}`,
    );
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) {
      throw problem(404, `No tool "${tool}" in this workspace. Search for it to find its slug.`);
    }
    throw error;
  }
}

/** A project of the workspace by its id or slug. */
export async function resolveProject(api: ApiClient, workspaceId: string, project: string): Promise<Project> {
  const key = project.trim();
  try {
    if (UUID.test(key)) {
      const found = await api.get(projectSchema, `/projects/${key}`);
      if (found.workspace_id !== workspaceId) throw notFound;
      return found;
    }
    return await api.get(
      projectSchema,
      `/projects/workspace/${workspaceId}/slug/${encodeURIComponent(key.toLowerCase())}`,
    );
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) {
      throw problem(404, `No project "${project}" in this workspace. Search for it to find its slug.`);
    }
    throw error;
  }
}

/**
 * The first 100 of the workspace's tags by name; with `q`, of those whose name contains it. A workspace may
 * hold thousands, so a tag is looked up by its name on the server rather than in one list of them all.
 */
export async function listTags(api: ApiClient, workspaceId: string, q?: string): Promise<Tag[]> {
  return api.get(tagListSchema, '/tags', { workspace_id: workspaceId, limit: 100, q });
}

export function findTag(tags: Tag[], name: string): Tag | undefined {
  const wanted = name.trim().toLowerCase();
  return tags.find((tag) => tag.id === wanted || tag.tag_name.toLowerCase() === wanted);
}

export async function tagsOf(api: ApiClient, path: string): Promise<string[]> {
  return (await api.get(tagListSchema, `${path}/tags`)).map((tag) => tag.tag_name);
}

export interface CommentSummary {
  author: string | null;
  content: string;
  created_at: string;
}

export async function commentsOf(api: ApiClient, path: string, limit = 20): Promise<CommentSummary[]> {
  const comments = await api.get(commentListSchema, `${path}/comments`, { limit });
  return comments.map((comment) => ({
    author: comment.commenter_username,
    content: comment.content,
    created_at: comment.created_at,
  }));
}

export const toolSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  url: z.string(),
  homepage_url: z.string().nullable(),
  rating: z.number().nullable(),
});
export type ToolSummary = z.infer<typeof toolSummarySchema>;

export function summarizeTool(tool: Tool): ToolSummary {
  return {
    id: tool.workspace_tool_id,
    slug: tool.slug,
    name: tool.metadata.name ?? tool.slug,
    description: tool.metadata.description,
    url: tool.raw_submitted_url,
    homepage_url: tool.metadata.canonical_links.homepage_url,
    rating: tool.context.rating,
  };
}

/** Projects of the workspace that use the tool (the first 100 projects are looked at). */
export async function projectsUsing(api: ApiClient, workspaceId: string, toolId: string) {
  const projects = await api.get(projectListSchema, '/projects', { workspace_id: workspaceId, limit: 100 });
  const using = await Promise.all(
    projects.map(async (project) => {
      const tools = await api.get(toolListSchema, `/projects/${project.id}/tools`);
      return tools.some((tool) => tool.workspace_tool_id === toolId) ? project : null;
    }),
  );
  return using
    .filter((project) => project !== null)
    .map((project) => ({ id: project.id, slug: project.slug, name: project.metadata.name }));
}

export function tagNames(tags: Tag[]): string {
  return tags.length === 0 ? 'none yet' : tags.map((tag) => tag.tag_name).join(', ');
}

/** Searches with the whole text, then (when that finds nothing) with each meaningful word of it. */
export async function searchLoosely(api: ApiClient, workspaceId: string, text: string, limit: number) {
  const search = (q: string) =>
    api.get(searchResultListSchema, '/search', { workspace_id: workspaceId, q, limit });
  const whole = await search(text);
  if (whole.length > 0) return whole;
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}.+#-]{3,}/gu) ?? [])].filter(
    (word) => !STOP_WORDS.has(word),
  );
  const hits = new Map<string, SearchResult>();
  for (const results of await Promise.all(words.slice(0, 8).map(search))) {
    for (const hit of results) {
      const seen = hits.get(hit.id);
      hits.set(hit.id, seen ? { ...seen, rank: seen.rank + hit.rank } : hit);
    }
  }
  return [...hits.values()].sort((a, b) => b.rank - a.rank).slice(0, limit);
}

const STOP_WORDS = new Set(
  'the and for with that this what which should use using need want our from into does have has are you can tool tools library good best something'.split(
    ' ',
  ),
);

/** A hit's snippet as plain text: the API marks matches with <mark> and escapes the rest as HTML. */
export function plainSnippet(html: string): string {
  return html
    .replace(/<\/?mark>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
