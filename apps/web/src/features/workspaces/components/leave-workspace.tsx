import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useLeaveWorkspace } from '../api/leave-workspace';
import { DangerCard } from './danger-card';

type LeaveWorkspaceCardProps = {
  workspace: WorkspaceListItem;
  currentUserId: string;
  onLeft: () => void;
  onShowMembers: () => void;
  onCancel: () => void;
};

/**
 * A member leaves a workspace. Its owner cannot (the server refuses): they are told to hand it over to
 * another member first, or to delete it.
 */
export function LeaveWorkspaceCard({
  workspace,
  currentUserId,
  onLeft,
  onShowMembers,
  onCancel,
}: LeaveWorkspaceCardProps) {
  const leave = useLeaveWorkspace(currentUserId);
  return (
    <DangerCard
      title={`Leave ${workspace.name}`}
      onCancel={onCancel}
      actions={
        workspace.is_owner ? (
          <Button size="sm" variant="outline" onClick={onShowMembers}>
            Members
          </Button>
        ) : (
          <Button
            size="sm"
            className="bg-red-700 hover:bg-red-600"
            disabled={leave.isPending}
            onClick={() => leave.mutate(workspace.id, { onSuccess: onLeft })}
          >
            {leave.isPending ? 'Leaving...' : 'Leave workspace'}
          </Button>
        )
      }
    >
      {workspace.is_owner ? (
        <Alert>
          You own this workspace, so you cannot leave it. Hand it over to another member first (Members, then
          Transfer ownership), or delete it.
        </Alert>
      ) : (
        <>
          <p className="text-sm text-zinc-700">
            You will no longer see its tools, resources and projects. An admin can add you again.
          </p>
          {leave.isError && <Alert>{leave.error.message}</Alert>}
        </>
      )}
    </DangerCard>
  );
}
