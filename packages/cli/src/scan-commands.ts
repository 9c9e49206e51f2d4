import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { scanTree } from '@stackyard/scanner/scan';
import { localTree } from '@stackyard/scanner/tree';
import type { ScanResult } from '@stackyard/scanner/types';
import { scanSummarySchema } from '@stackyard/contracts/drift';
import type { ApiClient } from '@stackyard/mcp/api-client';
import { resolveProject, resolveWorkspace } from '@stackyard/mcp/catalog';
import { loadCheckConfig } from './check-config.ts';
import { check, fetchStanceTools, readStackFile } from './check.ts';
import { CHECK_FORMATS, formatCheck, type CheckFormat } from './check-report.ts';

// `stackyard scan [path]` and `stackyard check [path]`: the local tree's manifests, listed or checked
// against the team's stances.

export class ScanUsageError extends Error {}

function scanRoot(path: string | undefined): string {
  const root = resolve(path ?? '.');
  let directory = false;
  try {
    directory = statSync(root).isDirectory();
  } catch {
    // Reported below like any path that is no directory.
  }
  if (!directory) throw new ScanUsageError(`${path ?? '.'} is not a directory`);
  return root;
}

function lastFormat(
  given: string[] | undefined,
  json: boolean | undefined,
  allowed: readonly string[],
): string {
  const format = given?.at(-1) ?? (json ? 'json' : 'text');
  if (!allowed.includes(format)) throw new ScanUsageError(`--format must be one of ${allowed.join(', ')}`);
  return format;
}

function describeDependency(dependency: ScanResult['dependencies'][number]): string {
  const version = dependency.version ?? '';
  const resolved =
    dependency.resolved && dependency.resolved !== dependency.version ? ` (${dependency.resolved})` : '';
  const dev = dependency.dev ? '  dev' : '';
  return `${`${dependency.file}:${dependency.line}`.padEnd(40)} ${dependency.ecosystem.padEnd(14)} ${dependency.name} ${version}${resolved}${dev}`.trimEnd();
}

export async function scanCommand(
  path: string | undefined,
  options: { format?: string[]; json?: boolean; upload?: boolean; workspace?: string; project?: string },
  connect: () => ApiClient,
  print: (text: string) => void,
): Promise<number> {
  const format = lastFormat(options.format, options.json, ['text', 'json']);
  const scan = await scanTree(localTree(scanRoot(path)));
  // Uploaded first: a refusal (not logged in, a viewer's token) is the command's answer, not a listing.
  const uploaded = options.upload ? await uploadScan(connect(), scan, options) : null;
  if (format === 'json') {
    print(JSON.stringify(scan, null, 2));
    return 0;
  }
  for (const dependency of scan.dependencies) print(describeDependency(dependency));
  for (const finding of scan.findings)
    print(
      `${finding.file || '.'}${finding.line === null ? '' : `:${finding.line}`}: note: ${finding.message}`,
    );
  print(`${scan.dependencies.length} dependencies in ${scan.files} files.`);
  if (uploaded) print(`Uploaded to ${uploaded}: see its drift on the Drift page or with get_drift.`);
  return 0;
}

/** Sends the scan as the workspace's (or the project's) latest; answers what it was uploaded to. */
async function uploadScan(
  api: ApiClient,
  scan: ScanResult,
  options: { workspace?: string; project?: string },
): Promise<string> {
  const workspace = await resolveWorkspace(api, options.workspace);
  const project = options.project ? await resolveProject(api, workspace.id, options.project) : null;
  await api.send(scanSummarySchema, 'POST', `/workspaces/${workspace.id}/scans`, {
    project_id: project?.id ?? null,
    scan,
  });
  return project ? `${workspace.slug}/${project.slug}` : workspace.slug;
}

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export async function checkCommand(
  path: string | undefined,
  options: {
    format?: string[];
    json?: boolean;
    stack?: string;
    config?: string;
    workspace?: string;
    project?: string;
  },
  connect: () => ApiClient,
  print: (text: string) => void,
): Promise<number> {
  const format = lastFormat(options.format, options.json, CHECK_FORMATS) as CheckFormat;
  const root = scanRoot(path);
  const config = loadCheckConfig(root, options.config);
  const stack = options.stack
    ? readStackFile(options.stack)
    : await fetchStanceTools(connect(), options.workspace, options.project);
  const scan = await scanTree(localTree(root));
  const results = check(scan, stack, config);
  print(formatCheck({ source: stack.source, scan, results }, format, version()));
  return results.some((result) => result.level === 'error') ? 1 : 0;
}
