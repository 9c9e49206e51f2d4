import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** The heading at the top, which names the dialog; without one, `label` names it. */
  title?: string;
  label?: string;
  /** A click on the backdrop closes it too. */
  closeOnBackdrop?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * The native modal <dialog>: it traps focus and closes on Escape; its first field takes focus as it opens, and
 * the element that had focus gets it back as it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  label,
  closeOnBackdrop = false,
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // React's autoFocus ran while the dialog was still closed.
      dialog.querySelector<HTMLElement>('input:not([type=hidden]), textarea')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      data-slot="dialog"
      aria-labelledby={title === undefined ? undefined : titleId}
      aria-label={title === undefined ? label : undefined}
      onClose={() => {
        onClose();
        returnFocus.current?.focus();
        returnFocus.current = null;
      }}
      // A click on the backdrop lands on the dialog element itself.
      onClick={
        closeOnBackdrop
          ? (event) => {
              if (event.target === event.currentTarget) event.currentTarget.close();
            }
          : undefined
      }
      className={cn(
        'm-auto w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-xl backdrop:bg-zinc-950/40',
        className,
      )}
    >
      {open &&
        (title === undefined ? (
          children
        ) : (
          <>
            <h2 id={titleId} className="text-lg font-semibold text-zinc-950">
              {title}
            </h2>
            <div className="mt-4">{children}</div>
          </>
        ))}
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
