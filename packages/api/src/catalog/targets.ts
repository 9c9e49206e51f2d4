import { findProjectWorkspace } from '../projects/projects.repo.ts';
import { findResourceWorkspace } from '../resources/resources.repo.ts';
import { findToolWorkspace } from '../tools/tools.repo.ts';
import type { Executor } from '../db.ts';
import { PROJECT_NOT_FOUND, RESOURCE_NOT_FOUND, TOOL_NOT_FOUND } from './item-access.ts';

/** The three kinds of catalog item that carry comments and tags. */
export type TargetKind = 'tool' | 'resource' | 'project';

export interface Target {
  kind: TargetKind;
  id: string;
}

export const targetKinds: Record<
  TargetKind,
  { findWorkspace(db: Executor, id: string): Promise<string | null>; notFound: string }
> = {
  tool: { findWorkspace: findToolWorkspace, notFound: TOOL_NOT_FOUND },
  resource: { findWorkspace: findResourceWorkspace, notFound: RESOURCE_NOT_FOUND },
  project: { findWorkspace: findProjectWorkspace, notFound: PROJECT_NOT_FOUND },
};
