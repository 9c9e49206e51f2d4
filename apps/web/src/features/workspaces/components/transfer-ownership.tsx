import { useState } from 'react';
import type { Member } from '@stackyard/contracts/member';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Button } from '@/components/ui/button';
import { useTransferOwnership } from '../api/transfer-ownership';

/** The owner's "Transfer ownership" on a member's row, confirmed in a dialog. */
export function TransferOwnership({
  workspace,
  member,
  onTransferred,
}: {
  workspace: WorkspaceListItem;
  member: Member;
  onTransferred: (name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const transfer = useTransferOwnership(workspace.id);
  const name = member.username ?? member.user_id;
  const close = () => {
    setOpen(false);
    transfer.reset();
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Transfer ownership to ${name}`}
        onClick={() => setOpen(true)}
      >
        Transfer ownership
      </Button>
      <ActionDialog
        open={open}
        onClose={close}
        title={`Transfer ${workspace.name} to ${name}?`}
        description={
          <p className="text-sm text-zinc-700">
            {name} becomes the owner of {workspace.name}, and its address moves under their username. You stay
            a member as an admin; only the new owner can delete the workspace or transfer it again.
          </p>
        }
        request={transfer}
        label="Transfer ownership"
        pendingLabel="Transferring..."
        onSubmit={() =>
          // mutateAsync, not mutate's callbacks: the transfer refetches the workspaces, and the caller, an
          // admin now, loses this button (and its mutate callbacks) before they would run.
          transfer
            .mutateAsync(member.user_id)
            .then(() => {
              setOpen(false);
              onTransferred(name);
            })
            .catch(() => {
              // Shown from the mutation's state in the dialog.
            })
        }
      />
    </>
  );
}
