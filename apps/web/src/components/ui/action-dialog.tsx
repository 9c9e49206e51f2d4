import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Alert } from './alert';
import { Dialog, DialogFormActions } from './dialog';

type ActionDialogProps = Omit<ComponentProps<typeof DialogFormActions>, 'onCancel' | 'pending'> & {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, above the fields. */
  description?: ReactNode;
  /** The fields, if the action asks for any. */
  children?: ReactNode;
  /** The action's request (a mutation): why it last failed is shown, and the primary button waits for it. */
  request: { error: Error | null; isPending: boolean };
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
  request,
  onSubmit,
  ...actions
}: ActionDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event);
  };
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {description}
        {request.error && <Alert>{request.error.message}</Alert>}
        {children}
        <DialogFormActions onCancel={onClose} pending={request.isPending} {...actions} />
      </form>
    </Dialog>
  );
}
