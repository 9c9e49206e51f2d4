import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
};

// The native modal <dialog>: it traps focus, closes on Escape and restores focus to the opener.
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      data-slot="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-xl backdrop:bg-zinc-950/40"
    >
      {open && (
        <>
          <h2 id={titleId} className="text-lg font-semibold text-zinc-950">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </>
      )}
    </dialog>
  );
}

type DialogFormActionsProps = {
  onCancel: () => void;
  /** The submit button's label, and what it says while the request runs. */
  label: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** 'danger' for an action that cannot be undone. */
  tone?: 'default' | 'danger';
};

/** A dialog form's Cancel and submit buttons; the submit button is disabled while the request runs. */
export function DialogFormActions({
  onCancel,
  label,
  pendingLabel,
  pending,
  disabled = false,
  tone = 'default',
}: DialogFormActionsProps) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type="submit"
        className={tone === 'danger' ? 'bg-red-700 hover:bg-red-600' : undefined}
        disabled={disabled || pending}
      >
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
