import { AppError } from '@stackyard/contracts/problem';
import type { ToolFacts } from '@stackyard/contracts/facts';
import type { Database } from '@stackyard/db/client';
import type { CatalogReader } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, TOOL_NOT_FOUND } from '../catalog/item-access.ts';
import type { Executor } from '../db.ts';
import { findToolWorkspace } from '../tools/tools.repo.ts';
import type { FactsContext } from './facts-context.ts';
import { enqueueFactsRefresh } from './facts.job.ts';
import { findGlobalTool, findToolFacts } from './facts.repo.ts';

/** Any member reads a tool's facts, with each source's fetch time and outcome. */
export async function getToolFacts(db: Database, actor: Actor, workspaceToolId: string): Promise<ToolFacts> {
  const workspaceId = await findToolWorkspace(db, workspaceToolId);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:read', TOOL_NOT_FOUND);
  return readFacts(db, access, workspaceToolId);
}

/** Editors and admins ask for a refresh now, whatever the facts' age; the job does it. */
export async function refreshToolFactsNow(
  db: Database,
  context: FactsContext,
  actor: Actor,
  workspaceToolId: string,
): Promise<ToolFacts> {
  const workspaceId = await findToolWorkspace(db, workspaceToolId);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:write', TOOL_NOT_FOUND);
  const toolId = await findGlobalTool(db, access, workspaceToolId);
  if (!toolId) throw new AppError('not_found', TOOL_NOT_FOUND);
  await enqueueFactsRefresh(db, toolId, { force: true });
  context.wake();
  return readFacts(db, access, workspaceToolId);
}

async function readFacts(db: Executor, access: CatalogReader, workspaceToolId: string): Promise<ToolFacts> {
  const facts = await findToolFacts(db, access, workspaceToolId);
  if (!facts) throw new AppError('not_found', TOOL_NOT_FOUND);
  return facts;
}
