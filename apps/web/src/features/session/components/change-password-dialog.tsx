import { useState } from 'react';
import type { LoginFlow } from '@ory/client-fetch';
import { z } from 'zod';
import { PASSWORD_RULES } from '@stackyard/contracts/password';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useChangePassword } from '../api/change-password';
import { confirmMethodsOf, useConfirmWithPassword, useStartRefresh } from '../api/reauthenticate';
import { ConfirmWithProvider } from './confirm-with-provider';
import { Messages } from './messages';

export const CONFIRM_ITS_YOU = 'Please confirm this action by verifying that it is you.';

// Both checks run on every submit, so an empty password and a different repeat are told at once.
const newPasswordSchema = z
  .object({ password: z.string(), repeat: z.string() })
  .superRefine(({ password, repeat }, context) => {
    if (!password) context.addIssue({ code: 'custom', path: ['password'], message: 'Enter a new password.' });
    if (repeat !== password) {
      context.addIssue({ code: 'custom', path: ['repeat'], message: 'The passwords do not match.' });
    }
  });
const currentPasswordSchema = z.object({ current: z.string().min(1, 'Enter your current password.') });

type PasswordFieldProps = {
  label: 'Current password' | 'New password' | 'Confirm new password';
  error: string | undefined;
  hint?: string;
} & ReturnType<ReturnType<typeof useCheckedForm>['field']>;

/** A password input; the first of each form takes the focus, and the browser is told which password it is. */
function PasswordField({ label, error, hint, ...field }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <Input
        type="password"
        autoComplete={label === 'Current password' ? 'current-password' : 'new-password'}
        autoFocus={label !== 'Confirm new password'}
        {...field}
      />
    </FormField>
  );
}

/**
 * New password twice; when the identity service answers that the sign-in is too old, the current password
 * too (a refresh login), after which the change is sent again without typing the new one twice more. An
 * account without a password (it signs in with GitHub) confirms itself with its provider instead.
 */
function ChangePasswordForm({
  email,
  onCancel,
  onDone,
}: {
  email: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const change = useChangePassword();
  const start = useStartRefresh();
  const confirm = useConfirmWithPassword();
  // The refresh login flow, once the change needs one: it says how this account can confirm itself.
  const [refresh, setRefresh] = useState<LoginFlow | null>(null);
  const next = useCheckedForm(newPasswordSchema, { password: '', repeat: '' });
  const now = useCheckedForm(currentPasswordSchema, { current: '' });
  // The identity service's word on the new password, shown on its field until the next try.
  const [refused, setRefused] = useState<string>();
  const [messages, setMessages] = useState<string[]>([]);
  const pending = change.isPending || start.isPending || confirm.isPending;

  const askWhoItIs = async () => {
    const started = await start.mutateAsync();
    if (started.kind === 'ready') setRefresh(started.flow);
    else setMessages(started.messages);
  };

  const save = async () => {
    const outcome = await change.mutateAsync(next.values.password);
    if (outcome.kind === 'done') onDone();
    else if (outcome.kind === 'reauth') await askWhoItIs();
    else {
      setMessages(outcome.messages);
      // The new password's fault is shown on its field: back on that form if the refresh had replaced it.
      if (outcome.passwordError) {
        setRefresh(null);
        setRefused(outcome.passwordError);
      }
    }
  };

  const onSubmitNew = next.handleSubmit(async () => {
    setMessages([]);
    setRefused(undefined);
    await save();
  });

  const confirmAndSave =
    (flow: LoginFlow) =>
    async ({ current }: { current: string }) => {
      setMessages([]);
      const outcome = await confirm.mutateAsync({ flow, email, password: current });
      if (outcome.kind === 'failed') {
        setMessages(outcome.messages);
        return;
      }
      await save();
    };

  if (refresh && !confirmMethodsOf(refresh).password) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info">{CONFIRM_ITS_YOU}</Alert>
        <ConfirmWithProvider flow={refresh} onCancel={onCancel} />
      </div>
    );
  }
  if (refresh) {
    return (
      <form
        noValidate
        onSubmit={(event) => void now.handleSubmit(confirmAndSave(refresh))(event)}
        className="flex flex-col gap-4"
      >
        <Alert tone="info">{CONFIRM_ITS_YOU}</Alert>
        <Messages messages={messages} />
        <PasswordField label="Current password" error={now.errors.current} {...now.field('current')} />
        <DialogFormActions
          onCancel={onCancel}
          label="Confirm and save"
          pendingLabel="Saving…"
          pending={pending}
        />
      </form>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void onSubmitNew(event)} className="flex flex-col gap-4">
      <Messages messages={messages} />
      <PasswordField
        label="New password"
        error={next.errors.password ?? refused}
        hint={PASSWORD_RULES}
        {...next.field('password')}
      />
      <PasswordField label="Confirm new password" error={next.errors.repeat} {...next.field('repeat')} />
      <p className="text-sm text-zinc-600">Your other sessions will be signed out.</p>
      <DialogFormActions
        onCancel={onCancel}
        label="Change password"
        pendingLabel="Saving…"
        pending={pending}
      />
    </form>
  );
}

export function ChangePasswordDialog({
  open,
  email,
  onClose,
  onChanged,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Change password">
      <ChangePasswordForm
        email={email}
        onCancel={onClose}
        onDone={() => {
          onChanged();
          onClose();
        }}
      />
    </Dialog>
  );
}
