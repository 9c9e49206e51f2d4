import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { workspaceFormSchema, type CreateWorkspace } from '@stackyard/contracts/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

const FAILED = 'Failed to create workspace. Please try again.';

export function WorkspaceStep({ onSubmit }: { onSubmit: (workspace: CreateWorkspace) => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(workspaceFormSchema),
    defaultValues: { name: '', slug: '', description: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (workspace) => {
    setFailure(null);
    try {
      await onSubmit(workspace);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : '');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-semibold text-zinc-950">Create your first workspace</h2>
        <p className="mt-1 text-sm text-zinc-600">
          A workspace holds the tools, resources and projects you share.
        </p>
      </div>
      {failure !== null && (
        <Alert>
          <p>{FAILED}</p>
          {failure && <p className="mt-1 text-red-700">{failure}</p>}
        </Alert>
      )}
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField
        label="Slug (optional)"
        error={errors.slug?.message}
        hint="Lowercase letters, numbers and dashes; made from the name when left empty."
      >
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.register('slug')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
      <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating…' : 'Create Workspace'}
      </Button>
    </form>
  );
}
