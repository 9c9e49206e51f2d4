import { z } from 'zod';
import { onboardingUsernameSchema } from '@stackyard/contracts/profile';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { UsernameInput } from '@/components/username-input';
import { useCheckedForm } from '@/lib/use-checked-form';
import { StepFailure } from './step-failure';

const usernameFormSchema = z.object({ username: onboardingUsernameSchema });

type UsernameStepProps = {
  /** Claims the username; a rejection's message (the API's detail) is shown under the catalogue text. */
  onSubmit: (username: string) => Promise<unknown>;
};

export function UsernameStep({ onSubmit }: UsernameStepProps) {
  const form = useCheckedForm(usernameFormSchema, { username: '' });
  const submit = form.handleSubmit(async ({ username }) => {
    await onSubmit(username);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-semibold text-zinc-950">Choose your username</h2>
        <p className="mt-1 text-sm text-zinc-600">
          It names you to other members and starts the address of your workspaces.
        </p>
      </div>
      <StepFailure error={form.failure} text="Failed to create username. Please try again." />
      <FormField
        label="Username"
        error={form.errors.username}
        hint="3 to 30 characters: lowercase letters, numbers and underscores."
      >
        <UsernameInput
          name="username"
          value={form.values.username}
          onValue={(username) => form.setValue('username', username)}
        />
      </FormField>
      <Button type="submit" className="self-start" disabled={form.isSubmitting}>
        {form.isSubmitting ? 'Saving…' : 'Continue'}
      </Button>
    </form>
  );
}
