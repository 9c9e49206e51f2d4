import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { driftSchema, type Drift } from '@stackyard/contracts/drift';
import type { ApiClient } from './api-client.ts';
import { inWorkspace, resolveProject } from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer, structured } from './results.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

// get_drift: the latest uploaded scan of the code against the team's stances, as sentences a model can pass
// on ("this repo uses moment; the team avoids it and prefers date-fns") and as lists.

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const driftInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    project: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("A project (slug or id): its latest scan. The workspace's own scan when left out."),
  }),
);

const place = z.object({ file: z.string(), line: z.number() });
const driftOutput = convertedOnce(
  z.object({
    workspace: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
    project: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
    scanned_at: z.string().nullable(),
    summary: z.array(z.string()),
    avoided: z.array(
      place.extend({
        dependency: z.string(),
        tool: z.string(),
        note: z.string().nullable(),
        preferred: z.array(z.string()),
      }),
    ),
    unknown: z.array(place.extend({ dependency: z.string(), ecosystem: z.string() })),
    instead_of_preferred: z.array(
      z.object({ category: z.string(), preferred: z.array(z.string()), used: z.array(z.string()) }),
    ),
  }),
);

const names = (tools: ReadonlyArray<{ name: string }>) => [...new Set(tools.map((tool) => tool.name))];

/** One sentence per finding, in the words an assistant can repeat to the person it works with. */
function summarize(drift: Drift): string[] {
  const what = drift.project ? `Project ${drift.project.name}` : 'This repository';
  if (!drift.scan)
    return [
      `${what} has no scan yet: upload its manifests on the Drift page or run \`stackyard scan --upload\`.`,
    ];
  const lines = drift.avoided.map(({ dependency, tool, preferred }) => {
    const note = tool.note ? ` (${tool.note})` : '';
    const instead = preferred.length > 0 ? ` and prefers ${names(preferred).join(', ')}` : '';
    return `${what} uses ${dependency.name} (${dependency.file}:${dependency.line}); the team avoids ${tool.name}${note}${instead}.`;
  });
  for (const { category, preferred, used } of drift.instead_of_preferred)
    lines.push(
      `For ${category} the code uses ${names(used.map((use) => use.tool)).join(', ')}; the team prefers ${names(preferred).join(', ')}.`,
    );
  if (drift.unknown.length > 0)
    lines.push(
      `${drift.unknown.length} dependencies are no tool of the workspace: ${[...new Set(drift.unknown.map((item) => item.dependency.name))].slice(0, 20).join(', ')}.`,
    );
  if (lines.length === 0) lines.push(`${what} uses no tool the team avoids.`);
  return lines;
}

export function registerDriftTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'get_drift',
    {
      title: 'Get the drift of the code from the stack',
      description:
        "How the code's dependencies (its latest scan, uploaded on the Drift page or by `stackyard scan --upload`) depart from the team's stances: dependencies that are tools the team avoids with the preferred alternative of their category, categories where the code uses something other than the preferred tool, and dependencies that are no tool of the workspace, each with its file and line. `summary` says it in sentences to pass on.",
      inputSchema: driftInput,
      outputSchema: driftOutput,
      annotations: READ,
    },
    ({ workspace, project }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const projectId = project ? (await resolveProject(api, id, project)).id : undefined;
          const drift = await api.get(driftSchema, `/workspaces/${id}/drift`, { project_id: projectId });
          return structured({
            workspace: drift.workspace,
            project: drift.project,
            scanned_at: drift.scan?.scanned_at ?? null,
            summary: summarize(drift),
            avoided: drift.avoided.map(({ dependency, tool, preferred }) => ({
              dependency: dependency.name,
              file: dependency.file,
              line: dependency.line,
              tool: tool.name,
              note: tool.note,
              preferred: names(preferred),
            })),
            unknown: drift.unknown.map(({ dependency }) => ({
              dependency: dependency.name,
              ecosystem: dependency.ecosystem,
              file: dependency.file,
              line: dependency.line,
            })),
            instead_of_preferred: drift.instead_of_preferred.map(({ category, preferred, used }) => ({
              category,
              preferred: names(preferred),
              used: names(used.map((use) => use.tool)),
            })),
          });
        }),
      ),
  );
}
