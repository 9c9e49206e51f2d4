import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { SUGGESTION_DISMISS_REASON_MAX, type Suggestion } from '@stackyard/contracts/suggestion';
import { useDismissSuggestion } from '../api/dismiss-suggestion';

type DismissSuggestionDialogProps = { workspaceId: string; suggestion: Suggestion };

/** "Not for us": a small dialog with an optional reason; on success the card leaves the list. */
export function DismissSuggestionDialog({ workspaceId, suggestion }: DismissSuggestionDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const dismiss = useDismissSuggestion(workspaceId);

  const close = () => {
    setOpen(false);
    setReason('');
    dismiss.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismiss.mutate({ id: suggestion.id, reason }, { onSuccess: close });
  };

  return (
    <>
      <Button variant="outline" aria-label={`Not for us: ${suggestion.title}`} onClick={() => setOpen(true)}>
        Not for us
      </Button>
      <Dialog open={open} onClose={close} title={`Dismiss “${suggestion.title}”?`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {dismiss.error && <Alert>{dismiss.error.message}</Alert>}
          <FormField
            label="Reason (optional)"
            hint="Helps the next ideas fit better. This idea will not be suggested again."
          >
            <textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={SUGGESTION_DISMISS_REASON_MAX}
              rows={3}
              autoFocus
              className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-950 shadow-xs placeholder:text-zinc-500 focus-visible:border-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600"
            />
          </FormField>
          <DialogFormActions
            onCancel={close}
            label="Dismiss idea"
            pendingLabel="Dismissing..."
            pending={dismiss.isPending}
          />
        </form>
      </Dialog>
    </>
  );
}
