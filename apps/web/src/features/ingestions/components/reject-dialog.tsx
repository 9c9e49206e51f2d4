import type { Submission } from '@stackyard/contracts/ingestion';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRejectSubmission } from '../api/reject-submission';

/** Rejecting is final (no retry or release after it), so it is asked for once more. */
export function RejectDialog({
  submission,
  open,
  onClose,
}: {
  submission: Submission;
  open: boolean;
  onClose: () => void;
}) {
  const reject = useRejectSubmission(submission.workspace_id);
  const close = () => {
    reject.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Reject this submission?">
      <p className="text-sm break-all text-zinc-950">{submission.submitted_url}</p>
      <p className="mt-2 text-sm text-zinc-600">
        It is closed for good: it can no longer be retried or released. Submitting the URL again starts over.
      </p>
      {reject.error && <Alert className="mt-3">{reject.error.message}</Alert>}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button
          className="bg-red-700 hover:bg-red-600"
          disabled={reject.isPending}
          onClick={() => reject.mutate(submission.id, { onSuccess: close })}
        >
          {reject.isPending ? 'Rejecting...' : 'Reject'}
        </Button>
      </div>
    </Dialog>
  );
}
