import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { onboardingUsernameSchema } from '@stackyard/contracts/profile';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

const usernameFormSchema = z.object({ username: onboardingUsernameSchema });
const FAILED = 'Failed to create username. Please try again.';

type UsernameStepProps = {
  /** Claims the username; a rejection's message (the API's detail) is shown under the catalogue text. */
  onSubmit: (username: string) => Promise<unknown>;
};

export function UsernameStep({ onSubmit }: UsernameStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(usernameFormSchema),
    defaultValues: { username: '' },
  });
  const field = form.register('username', {
    // The input is lower-cased as it is typed.
    onChange: (event: { target: HTMLInputElement }) => {
      const lower = event.target.value.toLowerCase();
      if (lower !== event.target.value) form.setValue('username', lower);
    },
  });

  const submit = form.handleSubmit(async ({ username }) => {
    setFailure(null);
    try {
      await onSubmit(username);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : '');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-semibold text-zinc-950">Choose your username</h2>
        <p className="mt-1 text-sm text-zinc-600">
          It names you to other members and starts the address of your workspaces.
        </p>
      </div>
      {failure !== null && (
        <Alert>
          <p>{FAILED}</p>
          {failure && <p className="mt-1 text-red-700">{failure}</p>}
        </Alert>
      )}
      <FormField
        label="Username"
        error={form.formState.errors.username?.message}
        hint="3 to 30 characters: lowercase letters, numbers and underscores."
      >
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...field} />
      </FormField>
      <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : 'Continue'}
      </Button>
    </form>
  );
}
