import { useState, type FormEvent } from 'react';
import type { LoginFlow } from '@ory/client-fetch';
import { PASSWORD_RULES } from '@stackyard/contracts/password';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '../api/change-password';
import { confirmMethodsOf, useConfirmWithPassword, useStartRefresh } from '../api/reauthenticate';
import { ConfirmWithProvider } from './confirm-with-provider';
import { Messages } from './messages';

export const CONFIRM_ITS_YOU = 'Please confirm this action by verifying that it is you.';

/** A password field of these forms (current, new or repeated): a controlled input with its label and error. */
function PasswordField({
  label,
  name,
  value,
  onChange,
  ...field
}: {
  label: string;
  name: 'current' | 'password' | 'repeat';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  autoFocus?: boolean;
}) {
  return (
    <FormField label={label} error={field.error} hint={field.hint}>
      <Input
        type="password"
        autoComplete={name === 'current' ? 'current-password' : 'new-password'}
        autoFocus={field.autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
  const [values, setValues] = useState({ password: '', repeat: '', current: '' });
  const { password, repeat, current } = values;
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const bind = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((all) => ({ ...all, [name]: value })),
    error: errors[name],
  });
  const [messages, setMessages] = useState<string[]>([]);
  const pending = change.isPending || start.isPending || confirm.isPending;

  const askWhoItIs = async () => {
    const started = await start.mutateAsync();
    if (started.kind === 'ready') setRefresh(started.flow);
    else setMessages(started.messages);
  };

  const save = async () => {
    const outcome = await change.mutateAsync(password);
    if (outcome.kind === 'done') onDone();
    else if (outcome.kind === 'reauth') await askWhoItIs();
    else {
      setMessages(outcome.messages);
      // The new password's fault is shown on its field: back on that form if the refresh had replaced it.
      if (outcome.passwordError) {
        setRefresh(null);
        setErrors({ password: outcome.passwordError });
      }
    }
  };

  const onSubmitNew = async (event: FormEvent) => {
    event.preventDefault();
    setMessages([]);
    const found = {
      password: password ? undefined : 'Enter a new password.',
      repeat: repeat === password ? undefined : 'The passwords do not match.',
    };
    setErrors(found);
    if (found.password || found.repeat) return;
    await save();
  };

  const onSubmitCurrent = async (flow: LoginFlow, event: FormEvent) => {
    event.preventDefault();
    setMessages([]);
    if (!current) {
      setErrors({ current: 'Enter your current password.' });
      return;
    }
    setErrors({});
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
        onSubmit={(event) => void onSubmitCurrent(refresh, event)}
        className="flex flex-col gap-4"
      >
        <Alert tone="info">{CONFIRM_ITS_YOU}</Alert>
        <Messages messages={messages} />
        <PasswordField label="Current password" autoFocus {...bind('current')} />
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
      <PasswordField label="New password" autoFocus {...bind('password')} hint={PASSWORD_RULES} />
      <PasswordField label="Confirm new password" {...bind('repeat')} />
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
