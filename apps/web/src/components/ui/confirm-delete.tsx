import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type ConfirmDeleteProps = {
  /** The dialog's title, e.g. "Delete vite?". */
  title: string;
  /** What goes with the item; shown above the buttons. */
  children: ReactNode;
  /** The confirming button's label, e.g. "Delete Tool". */
  confirmLabel: string;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
};

/** A "Delete" button that asks first, in a modal dialog, and shows why a delete failed. */
export function ConfirmDelete({
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
}: ConfirmDeleteProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="text-red-700" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        <p className="text-sm text-zinc-600">{children}</p>
        {error && <Alert className="mt-3">{error.message}</Alert>}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button className="bg-red-700 hover:bg-red-600" disabled={pending} onClick={onConfirm}>
            {pending ? 'Deleting...' : confirmLabel}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
