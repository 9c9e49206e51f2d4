import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useVerify, VERIFICATION_FAILED } from '../api/verify';
import { verificationCodeSchema } from '../lib/schemas';
import { useCheckedForm } from '@/lib/use-checked-form';
import { FormMessages } from './auth-card';

type VerifyFormProps = {
  flowId: string;
  onVerified: () => void;
  /** Shown above the field until the next submission (why the mail's link was refused, say). */
  initialMessages?: string[];
};

export function VerifyForm({ flowId, onVerified, initialMessages = [] }: VerifyFormProps) {
  const verify = useVerify();
  const [messages, setMessages] = useState<string[]>(initialMessages);
  const form = useCheckedForm(verificationCodeSchema, { code: '' });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setMessages([]);
    const outcome = await verify.mutateAsync({ flowId, code });
    if (outcome.kind === 'done') onVerified();
    else if (outcome.kind === 'redirect') window.location.assign(outcome.url);
    else setMessages(outcome.messages.length ? outcome.messages : [VERIFICATION_FAILED]);
  });
  const busy = form.isSubmitting || verify.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormMessages messages={messages} />
      <FormField label="Verification code" error={form.errors.code}>
        <Input inputMode="numeric" autoComplete="one-time-code" {...form.field('code')} />
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </Button>
    </form>
  );
}
