import { useState } from 'react';
import type { RecoveryFlow } from '@ory/client-fetch';
import { PASSWORD_RULES } from '@stackyard/contracts/password';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  RECOVERY_FAILED,
  useRequestRecoveryCode,
  useSetNewPassword,
  useSubmitRecoveryCode,
} from '../api/recover';
import { splitFieldError, type FlowOutcome } from '../lib/flow-result';
import { newPasswordSchema, recoveryEmailSchema, verificationCodeSchema } from '../lib/schemas';
import { useCheckedForm } from '@/lib/use-checked-form';
import { FormMessages } from './auth-card';

function failureMessages(outcome: FlowOutcome<unknown>): string[] {
  if (outcome.kind === 'failed') return outcome.messages.length ? outcome.messages : [RECOVERY_FAILED];
  return [];
}

function EmailStep({ onSent }: { onSent: (flow: RecoveryFlow) => void }) {
  const request = useRequestRecoveryCode();
  const [messages, setMessages] = useState<string[]>([]);
  const form = useCheckedForm(recoveryEmailSchema, { email: '' });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setMessages([]);
    const outcome = await request.mutateAsync(email);
    if (outcome.kind === 'done') onSent(outcome.value);
    else setMessages(failureMessages(outcome));
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormMessages messages={messages} />
      <FormField label="Email" error={form.errors.email}>
        <Input type="email" autoComplete="email" {...form.field('email')} />
      </FormField>
      <Button type="submit" disabled={form.isSubmitting}>
        Send recovery code
      </Button>
    </form>
  );
}

function CodeStep({
  flow,
  onRecovered,
}: {
  flow: RecoveryFlow;
  onRecovered: (settingsFlowId: string) => void;
}) {
  const submit = useSubmitRecoveryCode();
  const [messages, setMessages] = useState<string[]>([]);
  const form = useCheckedForm(verificationCodeSchema, { code: '' });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setMessages([]);
    const outcome = await submit.mutateAsync({ flow, code });
    if (outcome.kind === 'done') onRecovered(outcome.value);
    else if (outcome.kind === 'redirect') window.location.assign(outcome.url);
    else setMessages(failureMessages(outcome));
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Alert tone="info">If an account uses this address, we sent it a recovery code.</Alert>
      <FormMessages messages={messages} />
      <FormField label="Recovery code" error={form.errors.code}>
        <Input inputMode="numeric" autoComplete="one-time-code" {...form.field('code')} />
      </FormField>
      <Button type="submit" disabled={form.isSubmitting}>
        Continue
      </Button>
    </form>
  );
}

function PasswordStep({ settingsFlowId, onDone }: { settingsFlowId: string; onDone: () => void }) {
  const save = useSetNewPassword();
  const [messages, setMessages] = useState<string[]>([]);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const form = useCheckedForm(newPasswordSchema, { password: '' });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setMessages([]);
    setPasswordError(undefined);
    const outcome = await save.mutateAsync({ flowId: settingsFlowId, password });
    if (outcome.kind === 'done') onDone();
    else if (outcome.kind === 'failed') {
      const split = splitFieldError(outcome, 'password');
      setPasswordError(split.fieldError);
      setMessages(split.fieldError ? split.messages : failureMessages(outcome));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormMessages messages={messages} />
      <FormField label="New password" error={form.errors.password ?? passwordError} hint={PASSWORD_RULES}>
        <Input type="password" autoComplete="new-password" {...form.field('password')} />
      </FormField>
      <Button type="submit" disabled={form.isSubmitting}>
        Save password
      </Button>
    </form>
  );
}

/** Forgot password: the e-mailed code signs the user in, then they choose a new password. */
export function RecoveryForm({ onDone }: { onDone: () => void }) {
  const [flow, setFlow] = useState<RecoveryFlow | null>(null);
  const [settingsFlowId, setSettingsFlowId] = useState<string | null>(null);
  if (settingsFlowId) return <PasswordStep settingsFlowId={settingsFlowId} onDone={onDone} />;
  if (flow) return <CodeStep flow={flow} onRecovered={setSettingsFlowId} />;
  return <EmailStep onSent={setFlow} />;
}
