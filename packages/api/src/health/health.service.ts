import type {
  AttentionItem,
  HealthCheckQueued,
  HealthItemKind,
  ItemHealth,
} from '@stackyard/contracts/health';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, RESOURCE_NOT_FOUND, TOOL_NOT_FOUND } from '../catalog/item-access.ts';
import { findResourceWorkspace } from '../resources/resources.repo.ts';
import { findToolWorkspace } from '../tools/tools.repo.ts';
import type { HealthContext } from './health-context.ts';
import { enqueueChecks, runCheck } from './health.job.ts';
import { findHealth, findTarget, keepStatus, listAttention, listWorkspaceTargets } from './health.repo.ts';

export const NOT_CHECKED = 'This link has not been checked yet.';

const NOT_FOUND: Record<HealthItemKind, string> = { tool: TOOL_NOT_FOUND, resource: RESOURCE_NOT_FOUND };

async function authorizeWrite(db: Database, actor: Actor, kind: HealthItemKind, id: string) {
  const workspaceId = kind === 'tool' ? await findToolWorkspace(db, id) : await findResourceWorkspace(db, id);
  return authorizeItem(db, actor, workspaceId, 'catalog:write', NOT_FOUND[kind]);
}

/** Editors and admins check one item's link now; the answer is what the check found. */
export async function checkItemNow(
  db: Database,
  context: HealthContext,
  actor: Actor,
  kind: HealthItemKind,
  id: string,
): Promise<ItemHealth> {
  await authorizeWrite(db, actor, kind, id);
  const target = await findTarget(db, kind, id);
  if (!target) throw new AppError('not_found', NOT_FOUND[kind]);
  await runCheck(db, context.settings, target);
  const health = await findHealth(db, kind, id);
  if (!health) throw new AppError('not_found', NOT_FOUND[kind]);
  return health;
}

/** Editors and admins queue a check of every item of the workspace (those not queued already). */
export async function checkWorkspaceNow(
  db: Database,
  context: HealthContext,
  actor: Actor,
  workspaceId: string,
): Promise<HealthCheckQueued> {
  await authorize(db, actor, workspaceId, 'catalog:write');
  const found = await listWorkspaceTargets(db, workspaceId);
  await enqueueChecks(db, found, { spacingMs: context.settings.hostLimits.spacingMs });
  context.wake();
  return { queued: found.length };
}

/** Any member reads the items whose last check found something no member marked as kept. */
export async function listNeedsAttention(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<AttentionItem[]> {
  await authorize(db, actor, workspaceId, 'catalog:read');
  return listAttention(db, workspaceId);
}

/** Editors and admins mark the item as kept in its current status: it leaves the list until that changes. */
export async function keepItem(
  db: Database,
  actor: Actor,
  kind: HealthItemKind,
  id: string,
): Promise<ItemHealth> {
  await authorizeWrite(db, actor, kind, id);
  if (!(await keepStatus(db, kind, id))) throw new AppError('conflict', NOT_CHECKED);
  const health = await findHealth(db, kind, id);
  if (!health) throw new AppError('conflict', NOT_CHECKED);
  return health;
}
