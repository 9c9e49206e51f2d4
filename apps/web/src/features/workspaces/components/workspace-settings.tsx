import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { StatusScreen } from '@/components/status-screen';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { canIn } from '@/lib/permissions';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { roleLabel } from '../lib/role-label';
import { useCurrentWorkspace } from '../lib/use-current-workspace';
import { DangerCard } from './danger-card';
import { LeaveWorkspaceCard } from './leave-workspace';
import { CreateWorkspaceFormCard, EditWorkspaceFormCard } from './workspace-forms';
import { TagSuggestionSetting } from './tag-suggestion-setting';
import { WorkspaceMembers } from './workspace-members';

type Panel =
  { kind: 'create' } | { kind: 'edit' | 'delete' | 'leave' | 'members'; workspace: WorkspaceListItem } | null;

function DeleteWorkspaceCard({
  workspace,
  isLast,
  onDeleted,
  onCancel,
}: {
  workspace: WorkspaceListItem;
  isLast: boolean;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const remove = useDeleteWorkspace();
  const [typed, setTyped] = useState('');
  return (
    <DangerCard
      title={`Delete ${workspace.name}`}
      onCancel={onCancel}
      actions={
        !isLast && (
          <Button
            size="sm"
            className="bg-red-700 hover:bg-red-600"
            disabled={typed !== workspace.name || remove.isPending}
            onClick={() => remove.mutate(workspace.id, { onSuccess: onDeleted })}
          >
            Delete workspace
          </Button>
        )
      }
    >
      {isLast ? (
        <Alert>
          This is your last workspace. At least one workspace must exist, so it cannot be deleted.
        </Alert>
      ) : (
        <>
          <p className="text-sm text-zinc-700">
            This deletes the workspace with its tools, resources and projects for every member. Type{' '}
            <strong>{workspace.name}</strong> to confirm.
          </p>
          {remove.isError && <Alert>{remove.error.message}</Alert>}
          <FormField label="Workspace name">
            <Input autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </FormField>
        </>
      )}
    </DangerCard>
  );
}

/**
 * Settings → Workspaces: the table with Store, Edit, Delete and Leave, and creating a workspace.
 * `currentUserId` is the signed-in user, who leaves a workspace by removing themselves from it.
 */
export function WorkspaceSettings({ currentUserId }: { currentUserId: string | null }) {
  const navigate = useNavigate();
  const { workspaces, currentId, setCurrentId, query } = useCurrentWorkspace();
  const [chosen, setPanel] = useState<Panel>(null);
  // ?members=<id> (a link from the account deletion dialog) opens that workspace's members until another pick.
  const [params] = useSearchParams();
  const linked = workspaces.find((workspace) => workspace.id === params.get('members'));
  const panel: Panel = chosen ?? (linked ? { kind: 'members', workspace: linked } : null);
  if (query.isPending) return <StatusScreen text="Loading..." />;
  if (query.isError) return <Alert>Error loading workspaces: {query.error.message}</Alert>;

  // Deleting (or leaving) the current workspace switches to the first remaining one, else back here.
  const afterRemoval = (removed: WorkspaceListItem) => {
    setPanel(null);
    if (removed.id !== currentId) return;
    const next = workspaces.find((workspace) => workspace.id !== removed.id);
    setCurrentId(next?.id ?? null);
    if (next?.owner_username) navigate(paths.workspace.dashboard.getHref(next.owner_username, next.slug));
    else navigate(paths.settings.root.getHref('workspace'));
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-zinc-950">Your workspaces</h2>
        <Button size="sm" onClick={() => setPanel({ kind: 'create' })}>
          New workspace
        </Button>
      </div>
      {panel?.kind === 'create' && <CreateWorkspaceFormCard onDone={() => setPanel(null)} />}
      {panel?.kind === 'edit' && (
        <EditWorkspaceFormCard
          key={panel.workspace.id}
          workspace={panel.workspace}
          onDone={() => setPanel(null)}
        />
      )}
      {panel?.kind === 'edit' && (
        <TagSuggestionSetting key={panel.workspace.id} workspace={panel.workspace} />
      )}
      {panel?.kind === 'members' && (
        // The list as it is now: a transfer of ownership changes the caller's role in it.
        <WorkspaceMembers
          key={panel.workspace.id}
          workspace={workspaces.find((workspace) => workspace.id === panel.workspace.id) ?? panel.workspace}
        />
      )}
      {panel?.kind === 'delete' && (
        <DeleteWorkspaceCard
          key={panel.workspace.id}
          workspace={panel.workspace}
          isLast={workspaces.length <= 1}
          onDeleted={() => afterRemoval(panel.workspace)}
          onCancel={() => setPanel(null)}
        />
      )}
      {panel?.kind === 'leave' && currentUserId && (
        <LeaveWorkspaceCard
          key={panel.workspace.id}
          workspace={panel.workspace}
          currentUserId={currentUserId}
          onLeft={() => afterRemoval(panel.workspace)}
          onShowMembers={() => setPanel({ kind: 'members', workspace: panel.workspace })}
          onCancel={() => setPanel(null)}
        />
      )}
      <div className="overflow-x-auto rounded-xl border border-zinc-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-zinc-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                Slug
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Role
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {workspaces.map((workspace) => (
              <tr key={workspace.id} className="border-t border-zinc-200">
                <th scope="row" className="px-4 py-3 font-medium break-words text-zinc-950">
                  {workspace.name}
                  {workspace.description && (
                    <span className="block text-xs font-normal text-zinc-600">{workspace.description}</span>
                  )}
                </th>
                <td className="hidden px-4 py-3 text-zinc-700 sm:table-cell">{workspace.slug}</td>
                <td className="px-4 py-3 text-zinc-700">{roleLabel(workspace)}</td>
                <td className="px-4 py-3">
                  {/* Wrapping, the actions stay within a phone's width instead of past the table's edge. */}
                  <div className="flex flex-wrap justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Members of ${workspace.name}`}
                      onClick={() => setPanel({ kind: 'members', workspace })}
                    >
                      Members
                    </Button>
                    {canIn(workspace, 'store:configure') && (
                      <Link
                        to={paths.settings.workspaceStorage.getHref(workspace.id)}
                        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                        aria-label={`Store ${workspace.name}`}
                      >
                        Store
                      </Link>
                    )}
                    {canIn(workspace, 'workspace:update') && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Edit ${workspace.name}`}
                        onClick={() => setPanel({ kind: 'edit', workspace })}
                      >
                        Edit
                      </Button>
                    )}
                    {canIn(workspace, 'workspace:delete') && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-red-700"
                        aria-label={`Delete ${workspace.name}`}
                        onClick={() => setPanel({ kind: 'delete', workspace })}
                      >
                        Delete
                      </Button>
                    )}
                    {currentUserId && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Leave ${workspace.name}`}
                        onClick={() => setPanel({ kind: 'leave', workspace })}
                      >
                        Leave
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
