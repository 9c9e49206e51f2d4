import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema } from '@stackyard/contracts/tool';
import { ApiProblem, type ApiClient } from '@stackyard/mcp/api-client';
import { resolveTool, resolveWorkspace } from '@stackyard/mcp/catalog';
import { resolveResource } from '@stackyard/mcp/edit-tools';

export interface EditOptions {
  workspace?: string;
  json?: boolean;
  name?: string;
  title?: string;
  description?: string;
  homepage?: string;
  repository?: string;
  docs?: string;
  url?: string;
  icon?: string;
}

/** The options each kind accepts, and the API field each one sets. */
const FIELDS = {
  tool: {
    name: 'name',
    description: 'description',
    homepage: 'homepage_url',
    repository: 'forge_url',
    docs: 'documentation_url',
    icon: 'icon_url',
  },
  resource: { title: 'title', description: 'description', url: 'url', icon: 'icon_url' },
} as const;

export type EditKind = keyof typeof FIELDS;

const OPTION_NAMES = [
  'name',
  'title',
  'description',
  'homepage',
  'repository',
  'docs',
  'url',
  'icon',
] as const;

export function isEditKind(kind: string | undefined): kind is EditKind {
  return kind === 'tool' || kind === 'resource';
}

/**
 * The PATCH body from the options given for this kind: an empty value clears the field (null), except a
 * name, which a tool must keep. Answers the options given that the kind does not take, to refuse them.
 */
export function editBody(
  kind: EditKind,
  options: EditOptions,
): { body: Record<string, string | null>; foreign: string[] } {
  const fields: Record<string, string> = FIELDS[kind];
  const body: Record<string, string | null> = {};
  const foreign: string[] = [];
  for (const option of OPTION_NAMES) {
    const value = options[option];
    if (value === undefined) continue;
    const field = fields[option];
    if (!field) foreign.push(`--${option}`);
    else body[field] = value.trim() === '' && option !== 'name' ? null : value;
  }
  return { body, foreign };
}

export async function edit(
  api: ApiClient,
  kind: EditKind,
  item: string,
  body: Record<string, string | null>,
  options: EditOptions,
  print: (text: string) => void,
): Promise<void> {
  const workspace = await resolveWorkspace(api, options.workspace);
  const notFound = (error: unknown) => {
    if (!(error instanceof ApiProblem) || error.status !== 404) return error;
    const what = kind === 'tool' ? 'slug' : 'id';
    return new ApiProblem(
      404,
      'Not Found',
      `no ${kind} "${item}" in ${workspace.slug}; find its ${what} with \`stackyard search\``,
      [],
    );
  };
  if (kind === 'tool') {
    const tool = await resolveTool(api, workspace.id, item).catch((error: unknown) => {
      throw notFound(error);
    });
    const updated = await api.send(toolSchema, 'PATCH', `/tools/workspace/${tool.workspace_tool_id}`, body);
    if (options.json) print(JSON.stringify(updated, null, 2));
    else print(`Updated tool ${updated.slug}: ${Object.keys(body).join(', ')}.`);
    return;
  }
  const resource = await resolveResource(api, workspace.id, item).catch((error: unknown) => {
    throw notFound(error);
  });
  const updated = await api.send(
    resourceSchema,
    'PATCH',
    `/resources/${resource.workspace_resource_id}`,
    body,
  );
  if (options.json) print(JSON.stringify(updated, null, 2));
  else
    print(
      `Updated resource ${updated.metadata.extracted_title ?? updated.raw_submitted_url}: ${Object.keys(body).join(', ')}.`,
    );
}
