import { AppError } from '@stackyard/contracts/problem';
import type {
  SetToolStance,
  SetToolStances,
  Stack,
  StackCategory,
  StackQuery,
  StackTool,
  ToolStance,
  ToolStanceRecord,
} from '@stackyard/contracts/stack';
import type { Database } from '@stackyard/db/client';
import { authorize, type CatalogReader } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, PROJECT_NOT_FOUND, TOOL_NOT_FOUND } from '../catalog/item-access.ts';
import { inTransaction, type Executor } from '../db.ts';
import { findProjectWorkspace } from '../projects/projects.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';
import { findToolWorkspace } from '../tools/tools.repo.ts';
import { stackPackages } from './stack-packages.ts';
import { findStackProject, findStackWorkspace, listStackTools } from './stack.repo.ts';
import { findStances, toolsOfWorkspace, upsertStance, upsertStances } from './stances.repo.ts';

const STANCE_ORDER: Record<ToolStance, number> = { preferred: 0, accepted: 1, avoid: 2 };

export async function getToolStance(db: Database, actor: Actor, toolId: string): Promise<ToolStanceRecord> {
  const workspaceId = await findToolWorkspace(db, toolId);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:read', TOOL_NOT_FOUND);
  const [row] = await findStances(db, access, [toolId]);
  if (!row) throw new AppError('not_found', TOOL_NOT_FOUND);
  return row;
}

/** Editors and admins set a tool's stance, note and category. */
export async function setToolStance(
  db: Database,
  actor: Actor,
  toolId: string,
  input: SetToolStance,
): Promise<ToolStanceRecord> {
  return inTransaction(db, async (tx) => {
    const workspaceId = await findToolWorkspace(tx, toolId);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', TOOL_NOT_FOUND);
    await upsertStance(tx, access, toolId, input);
    await markWorkspaceChanged(tx, access.workspaceId);
    const [row] = await findStances(tx, access, [toolId]);
    if (!row) throw new AppError('not_found', TOOL_NOT_FOUND);
    return row;
  });
}

/** One stance for many tools at once (the tools list's bulk action); every id must be the workspace's. */
export async function setToolStances(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: SetToolStances,
): Promise<ToolStanceRecord[]> {
  return inTransaction(db, async (tx) => {
    const access = await authorize(tx, actor, workspaceId, 'catalog:write');
    const ids = [...new Set(input.workspace_tool_ids)];
    const known = new Set(await toolsOfWorkspace(tx, access, ids));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new AppError('not_found', `${TOOL_NOT_FOUND}: ${missing.join(', ')}`);
    await upsertStances(tx, access, ids, input.stance);
    await markWorkspaceChanged(tx, access.workspaceId);
    return findStances(tx, access, ids);
  });
}

export async function getWorkspaceStack(
  db: Database,
  actor: Actor,
  workspaceId: string,
  query: StackQuery,
): Promise<Stack> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  return readStack(db, access, null, query.category ?? null);
}

export async function getProjectStack(
  db: Database,
  actor: Actor,
  projectId: string,
  query: StackQuery,
): Promise<Stack> {
  const workspaceId = await findProjectWorkspace(db, projectId);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:read', PROJECT_NOT_FOUND);
  return readStack(db, access, projectId, query.category ?? null);
}

/**
 * The stack of a workspace, or of one of its projects when projectId is given (404 if it is not there); only
 * one category's tools when category is given (any case; no categories when none matches).
 */
export async function readStack(
  db: Executor,
  access: CatalogReader,
  projectId: string | null,
  category: string | null = null,
): Promise<Stack> {
  const workspace = await findStackWorkspace(db, access);
  if (!workspace) throw new AppError('not_found', 'Workspace not found');
  const project = projectId ? await findStackProject(db, access, projectId) : null;
  if (projectId && !project) throw new AppError('not_found', PROJECT_NOT_FOUND);
  const rows = await listStackTools(db, access, { projectId, category });
  const byCategory = new Map<string | null, StackTool[]>();
  for (const { category, factPackages, ...tool } of rows) {
    const links = [tool.raw_submitted_url, tool.homepage_url, tool.forge_url];
    const tools = byCategory.get(category) ?? [];
    tools.push({ ...tool, packages: stackPackages(links, factPackages) });
    byCategory.set(category, tools);
  }
  const categories: StackCategory[] = [...byCategory.entries()]
    .map(([name, tools]) => ({ name, tools: tools.sort(compareTools) }))
    .sort(compareCategories);
  return { workspace, project, categories };
}

function compareTools(a: StackTool, b: StackTool): number {
  return (
    STANCE_ORDER[a.stance] - STANCE_ORDER[b.stance] ||
    (b.rating ?? 0) - (a.rating ?? 0) ||
    compareText(a.slug, b.slug)
  );
}

function compareCategories(a: StackCategory, b: StackCategory): number {
  if (a.name === null || b.name === null) return a.name === b.name ? 0 : a.name === null ? 1 : -1;
  return compareText(a.name.toLowerCase(), b.name.toLowerCase()) || compareText(a.name, b.name);
}

/** Code-point order, not the locale's: exports must come out byte-identical on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
