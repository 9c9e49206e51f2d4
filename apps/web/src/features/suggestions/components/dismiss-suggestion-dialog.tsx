import { useState } from 'react';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
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

  return (
    <>
      <Button variant="outline" aria-label={`Not for us: ${suggestion.title}`} onClick={() => setOpen(true)}>
        Not for us
      </Button>
      <ActionDialog
        open={open}
        onClose={close}
        title={`Dismiss “${suggestion.title}”?`}
        request={dismiss}
        label="Dismiss idea"
        pendingLabel="Dismissing..."
        onSubmit={() => dismiss.mutate({ id: suggestion.id, reason }, { onSuccess: close })}
      >
        <FormField
          label="Reason (optional)"
          hint="Helps the next ideas fit better. This idea will not be suggested again."
        >
          <Textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={SUGGESTION_DISMISS_REASON_MAX}
            rows={3}
            autoFocus
          />
        </FormField>
      </ActionDialog>
    </>
  );
}
