import { useState, type ReactNode } from 'react';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Button } from '@/components/ui/button';

type ConfirmDeleteProps = {
  /** The dialog's title, e.g. "Delete vite?". */
  title: string;
  /** What goes with the item; shown above the buttons. */
  children: ReactNode;
  /** The confirming button's label, e.g. "Delete Tool". */
  confirmLabel: string;
  /** The delete's request (a mutation). */
  request: { error: Error | null; isPending: boolean };
  onConfirm: () => void;
};

/** A "Delete" button that asks first, in a modal dialog, and shows why a delete failed. */
export function ConfirmDelete({ title, children, confirmLabel, request, onConfirm }: ConfirmDeleteProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="text-red-700" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description={<p className="text-sm text-zinc-600">{children}</p>}
        request={request}
        label={confirmLabel}
        pendingLabel="Deleting..."
        tone="danger"
        onSubmit={onConfirm}
      />
    </>
  );
}
