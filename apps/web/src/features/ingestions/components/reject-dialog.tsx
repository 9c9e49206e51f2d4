import type { Submission } from '@stackyard/contracts/ingestion';
import { ActionDialog } from '@/components/ui/action-dialog';
import { useRejectSubmission } from '../api/reject-submission';

/** What a dialog about one submission is given by the list. */
export type SubmissionDialogProps = { submission: Submission; open: boolean; onClose: () => void };

/** Rejecting is final (no retry or release after it), so it is asked for once more. */
export function RejectDialog({ submission, open, onClose }: SubmissionDialogProps) {
  const reject = useRejectSubmission(submission.workspace_id);
  const close = () => {
    reject.reset();
    onClose();
  };
  return (
    <ActionDialog
      open={open}
      onClose={close}
      title="Reject this submission?"
      description={
        <div>
          <p className="text-sm break-all text-zinc-950">{submission.submitted_url}</p>
          <p className="mt-2 text-sm text-zinc-600">
            It is closed for good: it can no longer be retried or released. Submitting the URL again starts
            over.
          </p>
        </div>
      }
      request={reject}
      label="Reject"
      pendingLabel="Rejecting..."
      tone="danger"
      onSubmit={() => reject.mutate(submission.id, { onSuccess: close })}
    />
  );
}
