import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert';
import { Dialog, DialogFormActions } from './dialog';

type ActionDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, above the fields. */
  description?: ReactNode;
  /** The fields, if the action asks for any. */
  children?: ReactNode;
  /** Why the last try failed; shown above the fields. */
  error: Error | null;
  /** The primary button's label, and what it says while the request runs. */
  action: string;
  pendingAction: string;
  pending: boolean;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * The app's one dialog for an action: a title, what it does, its fields, why it failed, and Cancel beside the
 * primary button. It is a form, so Enter in a field submits it as the primary button does.
 */
export function ActionDialog({
  open,
  onClose,
  title,
  description,
  children,
  error,
  action,
  pendingAction,
  pending,
  disabled,
  tone,
  onSubmit,
}: ActionDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event);
  };
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {description}
        {error && <Alert>{error.message}</Alert>}
        {children}
        <DialogFormActions
          onCancel={onClose}
          label={action}
          pendingLabel={pendingAction}
          pending={pending}
          disabled={disabled}
          tone={tone}
        />
      </form>
    </Dialog>
  );
}
