import { useWorkspaces } from '../api/get-workspaces';
import { useCurrentWorkspaceId } from './current-workspace';
import { findWorkspace } from './resolve';

/** The user's workspaces and the current one (the stored choice, else the first). */
export function useCurrentWorkspace() {
  const workspaces = useWorkspaces();
  const [currentId, setCurrentId] = useCurrentWorkspaceId();
  const list = workspaces.data ?? [];
  const workspace = findWorkspace(list, currentId) ?? list[0];
  return { workspaces: list, workspace, currentId: workspace?.id ?? null, setCurrentId, query: workspaces };
}
