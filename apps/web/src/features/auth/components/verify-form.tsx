import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { verify, VERIFICATION_FAILED } from '../api/verify';
import { verificationCodeSchema } from '../lib/schemas';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useFlowSubmit } from '../lib/use-flow-submit';
import { FormMessages } from './auth-card';

type VerifyFormProps = {
  flowId: string;
  onVerified: () => void;
  /** Shown above the field until the next submission (why the mail's link was refused, say). */
  initialMessages?: string[];
};

export function VerifyForm({ flowId, onVerified, initialMessages = [] }: VerifyFormProps) {
  const flow = useFlowSubmit(verify, {
    onDone: onVerified,
    failedText: VERIFICATION_FAILED,
    initialMessages,
  });
  const form = useCheckedForm(verificationCodeSchema, { code: '' });
  const onSubmit = form.handleSubmit(({ code }) => flow.run({ flowId, code }));
  const busy = form.isSubmitting || flow.busy;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormMessages messages={flow.messages} />
      <FormField label="Verification code" error={form.errors.code}>
        <Input inputMode="numeric" autoComplete="one-time-code" {...form.field('code')} />
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </Button>
    </form>
  );
}
