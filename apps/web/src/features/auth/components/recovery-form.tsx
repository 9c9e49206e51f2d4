import { useState } from 'react';
import type { RecoveryFlow } from '@ory/client-fetch';
import { PASSWORD_RULES } from '@stackyard/contracts/password';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RECOVERY_FAILED, requestRecoveryCode, setNewPassword, submitRecoveryCode } from '../api/recover';
import { newPasswordSchema, recoveryEmailSchema, verificationCodeSchema } from '../lib/schemas';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useFlowSubmit } from '../lib/use-flow-submit';
import { FormMessages } from './auth-card';

function EmailStep({ onSent }: { onSent: (flow: RecoveryFlow) => void }) {
  const flow = useFlowSubmit(requestRecoveryCode, { onDone: onSent, failedText: RECOVERY_FAILED });
  const form = useCheckedForm(recoveryEmailSchema, { email: '' });
  const onSubmit = form.handleSubmit(({ email }) => flow.run(email));
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormMessages messages={flow.messages} />
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
  recovery,
  onRecovered,
}: {
  recovery: RecoveryFlow;
  onRecovered: (settingsFlowId: string) => void;
}) {
  const flow = useFlowSubmit((code: string) => submitRecoveryCode(recovery, code), {
    onDone: onRecovered,
    failedText: RECOVERY_FAILED,
  });
  const form = useCheckedForm(verificationCodeSchema, { code: '' });
  const onSubmit = form.handleSubmit(({ code }) => flow.run(code));
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Alert tone="info">If an account uses this address, we sent it a recovery code.</Alert>
      <FormMessages messages={flow.messages} />
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
  const flow = useFlowSubmit((password: string) => setNewPassword(settingsFlowId, password), {
    onDone,
    failedText: RECOVERY_FAILED,
    field: 'password',
  });
  const form = useCheckedForm(newPasswordSchema, { password: '' });
  const onSubmit = form.handleSubmit(({ password }) => flow.run(password));
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormMessages messages={flow.messages} />
      <FormField label="New password" error={form.errors.password ?? flow.fieldError} hint={PASSWORD_RULES}>
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
  if (flow) return <CodeStep recovery={flow} onRecovered={setSettingsFlowId} />;
  return <EmailStep onSent={setFlow} />;
}
