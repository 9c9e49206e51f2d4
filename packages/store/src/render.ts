// The repository a workspace becomes: stackyard.json for machines, tools/<slug>.md and projects/<slug>.md
// with front matter, and a README table for people. Pure and deterministic: the same data always gives the
// same bytes, which is what lets a sync of unchanged data make no commit.
import { byText, cell, frontMatter, inline, link, quote, stars, type YamlValue } from './markdown.ts';
import {
  renderInputSchema,
  type RenderComment,
  type RenderInput,
  type RenderInputDraft,
  type RenderProject,
  type RenderTool,
} from './render-model.ts';

export const MANIFEST_PATH = 'stackyard.json';
export const README_PATH = 'README.md';
export const MANIFEST_SCHEMA_VERSION = 1;

/**
 * Paths stackyard may write, and so delete when they are no longer generated. Anything else in the
 * repository is the user's, even if an edited manifest names it.
 */
const OWNED_PATH = /^(?:README\.md|(?:tools|projects)\/[a-z0-9][a-z0-9._-]{0,99}\.md)$/;

export interface RenderedRepository {
  /** Path → file content, including stackyard.json and README.md. */
  files: Record<string, string>;
  /** The paths of `files` other than stackyard.json, as listed in the manifest's `files`. */
  ownedPaths: string[];
}

export function renderRepository(draft: RenderInputDraft): RenderedRepository {
  const input = renderInputSchema.parse(draft);
  const tools = [...input.tools].sort(
    (a, b) => byText(a.slug, b.slug) || byText(a.workspace_tool_id, b.workspace_tool_id),
  );
  const projects = [...input.projects].sort((a, b) => byText(a.slug, b.slug) || byText(a.id, b.id));
  const toolPaths = assignPaths(
    'tools',
    tools.map((tool) => [tool.slug, tool.workspace_tool_id] as const),
  );
  const projectPaths = assignPaths(
    'projects',
    projects.map((project) => [project.slug, project.id] as const),
  );

  const files: Record<string, string> = {};
  tools.forEach((tool, index) => {
    files[at(toolPaths, index)] = renderTool(tool);
  });
  projects.forEach((project, index) => {
    files[at(projectPaths, index)] = renderProject(project, toolPaths, tools);
  });
  files[README_PATH] = renderReadme(input, tools, toolPaths, projects, projectPaths);
  const ownedPaths = Object.keys(files).sort(byText);
  files[MANIFEST_PATH] = renderManifest(input, tools, toolPaths, projects, projectPaths, ownedPaths);
  return { files, ownedPaths };
}

/**
 * Reads the paths a previous sync wrote from its stackyard.json. An unreadable manifest owns nothing: it is
 * better to leave a stale file behind than to delete one of the user's.
 */
export function ownedPathsFromManifest(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || !('files' in parsed) || !Array.isArray(parsed.files)) {
    return [];
  }
  const files: unknown[] = parsed.files;
  return files.filter((path): path is string => typeof path === 'string' && OWNED_PATH.test(path));
}

/** A file name from a slug: lowercase letters, digits, dot, dash and underscore, never empty. */
export function fileSlug(slug: string): string {
  const cleaned = slug
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .slice(0, 80)
    .replace(/[._-]+$/, '');
  return cleaned === '' ? 'untitled' : cleaned;
}

/** One path per entry; two slugs that clean to the same name are told apart by their ids, not by order. */
function assignPaths(folder: string, entries: ReadonlyArray<readonly [string, string]>): string[] {
  const counts = new Map<string, number>();
  for (const [slug] of entries) counts.set(fileSlug(slug), (counts.get(fileSlug(slug)) ?? 0) + 1);
  return entries.map(([slug, id]) => {
    const base = fileSlug(slug);
    const unique = (counts.get(base) ?? 0) > 1 ? `${base}-${fileSlug(id).slice(0, 8)}` : base;
    return `${folder}/${unique}.md`;
  });
}

function at(paths: readonly string[], index: number): string {
  const path = paths[index];
  if (path === undefined) throw new Error(`no path assigned for entry ${index}`);
  return path;
}

const sortedTags = (tags: readonly string[]) => [...new Set(tags)].sort(byText);
const sortedComments = (comments: readonly RenderComment[]) =>
  [...comments].sort((a, b) => byText(a.created_at, b.created_at) || byText(a.id, b.id));

function renderManifest(
  input: RenderInput,
  tools: readonly RenderTool[],
  toolPaths: readonly string[],
  projects: readonly RenderProject[],
  projectPaths: readonly string[],
  ownedPaths: readonly string[],
): string {
  // Key order is fixed by these literals; JSON.stringify keeps insertion order.
  const manifest = {
    schema_version: MANIFEST_SCHEMA_VERSION,
    generator: 'stackyard',
    workspace: {
      name: input.workspace.name,
      slug: input.workspace.slug,
      description: input.workspace.description,
    },
    tools: tools.map((tool, index) => ({
      workspace_tool_id: tool.workspace_tool_id,
      slug: tool.slug,
      path: at(toolPaths, index),
      raw_submitted_url: tool.raw_submitted_url,
      rating: tool.rating,
      canonical_links: { homepage_url: tool.homepage_url, forge_url: tool.forge_url },
      community_links: { discord_url: tool.discord_url, slack_url: tool.slack_url },
      tags: sortedTags(tool.tags),
      comments: sortedComments(tool.comments).map(commentJson),
    })),
    projects: projects.map((project, index) => ({
      id: project.id,
      slug: project.slug,
      path: at(projectPaths, index),
      name: project.name,
      tools: sortedTags(project.tools),
      tags: sortedTags(project.tags),
      comments: sortedComments(project.comments).map(commentJson),
      created_at: project.created_at,
      updated_at: project.updated_at,
    })),
    resources: [...input.resources]
      .sort(
        (a, b) =>
          byText(a.raw_submitted_url, b.raw_submitted_url) ||
          byText(a.workspace_resource_id, b.workspace_resource_id),
      )
      .map((resource) => ({
        workspace_resource_id: resource.workspace_resource_id,
        raw_submitted_url: resource.raw_submitted_url,
        rating: resource.rating,
        title: resource.title,
        description: resource.description,
        image: resource.image,
        tags: sortedTags(resource.tags),
        comments: sortedComments(resource.comments).map(commentJson),
      })),
    tags: [...input.tags]
      .sort((a, b) => byText(a.tag_name, b.tag_name) || byText(a.id, b.id))
      .map((tag) => ({
        id: tag.id,
        tag_name: tag.tag_name,
        color: tag.color,
        description: tag.description,
        criteria: tag.criteria === null ? null : [...tag.criteria],
      })),
    files: ownedPaths,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function commentJson(comment: RenderComment) {
  return { id: comment.id, content: comment.content, created_at: comment.created_at };
}

function renderComments(comments: readonly RenderComment[]): string[] {
  if (comments.length === 0) return [];
  const lines = ['', '## Comments'];
  for (const comment of sortedComments(comments)) {
    lines.push('', quote(comment.content), '', `<sub>${inline(comment.created_at)}</sub>`);
  }
  return lines;
}

function renderTool(tool: RenderTool): string {
  const fields: Array<readonly [string, YamlValue]> = [
    ['type', 'tool'],
    ['workspace_tool_id', tool.workspace_tool_id],
    ['slug', tool.slug],
    ['url', tool.raw_submitted_url],
    ['rating', tool.rating],
    ['homepage_url', tool.homepage_url],
    ['forge_url', tool.forge_url],
    ['discord_url', tool.discord_url],
    ['slack_url', tool.slack_url],
    ['tags', sortedTags(tool.tags)],
  ];
  const links: Array<readonly [string, string]> = [];
  for (const [label, url] of [
    ['Homepage', tool.homepage_url],
    ['Source', tool.forge_url],
    ['Discord', tool.discord_url],
    ['Slack', tool.slack_url],
  ] as const) {
    if (url !== null) links.push([label, url]);
  }
  const lines = [
    frontMatter(fields),
    `# ${inline(tool.slug)}`,
    '',
    `Submitted URL: ${link(tool.raw_submitted_url, tool.raw_submitted_url)}`,
    '',
    `Rating: ${stars(tool.rating)}`,
  ];
  if (links.length > 0) lines.push('', ...links.map(([label, url]) => `- ${label}: ${link(url, url)}`));
  if (tool.tags.length > 0) lines.push('', `Tags: ${sortedTags(tool.tags).map(inline).join(', ')}`);
  lines.push(...renderComments(tool.comments));
  return `${lines.join('\n')}\n`;
}

function renderProject(
  project: RenderProject,
  toolPaths: readonly string[],
  tools: readonly RenderTool[],
): string {
  const fields: Array<readonly [string, YamlValue]> = [
    ['type', 'project'],
    ['id', project.id],
    ['slug', project.slug],
    ['name', project.name],
    ['tools', sortedTags(project.tools)],
    ['tags', sortedTags(project.tags)],
    ['created_at', project.created_at],
    ['updated_at', project.updated_at],
  ];
  const lines = [frontMatter(fields), `# ${inline(project.name)}`];
  if (project.tools.length > 0) {
    lines.push('', '## Tools', '');
    for (const slug of sortedTags(project.tools)) {
      const index = tools.findIndex((tool) => tool.slug === slug);
      const path = toolPaths[index];
      // Project files live in projects/, so a tool page is one folder up.
      lines.push(path === undefined ? `- ${inline(slug)}` : `- [${inline(slug)}](../${path})`);
    }
  }
  if (project.tags.length > 0) lines.push('', `Tags: ${sortedTags(project.tags).map(inline).join(', ')}`);
  lines.push(...renderComments(project.comments));
  return `${lines.join('\n')}\n`;
}

function renderReadme(
  input: RenderInput,
  tools: readonly RenderTool[],
  toolPaths: readonly string[],
  projects: readonly RenderProject[],
  projectPaths: readonly string[],
): string {
  const lines = [`# ${inline(input.workspace.name)}`, ''];
  if (input.workspace.description) lines.push(inline(input.workspace.description), '');
  lines.push(
    'This repository is kept in sync with the stackyard workspace of the same name. stackyard rewrites',
    '`README.md`, `stackyard.json` and the files it lists under `tools/` and `projects/`; other files you add',
    'are left alone.',
    '',
    '## Tools',
    '',
  );
  if (tools.length === 0) lines.push('No tools yet.');
  else {
    lines.push('| Tool | Link | Rating | Tags |', '| --- | --- | --- | --- |');
    tools.forEach((tool, index) => {
      lines.push(
        `| [${cell(tool.slug)}](${at(toolPaths, index)}) | ${link(tool.homepage_url ?? tool.raw_submitted_url, tool.homepage_url ?? tool.raw_submitted_url)} | ${stars(tool.rating)} | ${cell(sortedTags(tool.tags).join(', '))} |`,
      );
    });
  }
  lines.push('', '## Projects', '');
  if (projects.length === 0) lines.push('No projects yet.');
  else {
    lines.push('| Project | Tools | Tags |', '| --- | --- | --- |');
    projects.forEach((project, index) => {
      lines.push(
        `| [${cell(project.name)}](${at(projectPaths, index)}) | ${cell(sortedTags(project.tools).join(', '))} | ${cell(sortedTags(project.tags).join(', '))} |`,
      );
    });
  }
  if (input.resources.length > 0) {
    lines.push('', '## Resources', '', '| Resource | Rating | Tags |', '| --- | --- | --- |');
    const resources = [...input.resources].sort(
      (a, b) =>
        byText(a.raw_submitted_url, b.raw_submitted_url) ||
        byText(a.workspace_resource_id, b.workspace_resource_id),
    );
    for (const resource of resources) {
      lines.push(
        `| ${link(resource.title ?? resource.raw_submitted_url, resource.raw_submitted_url)} | ${stars(resource.rating)} | ${cell(sortedTags(resource.tags).join(', '))} |`,
      );
    }
  }
  if (input.tags.length > 0) {
    lines.push('', '## Tags', '', '| Tag | Color | Description |', '| --- | --- | --- |');
    const tags = [...input.tags].sort((a, b) => byText(a.tag_name, b.tag_name) || byText(a.id, b.id));
    for (const tag of tags)
      lines.push(`| ${cell(tag.tag_name)} | ${cell(tag.color)} | ${cell(tag.description)} |`);
  }
  return `${lines.join('\n')}\n`;
}
