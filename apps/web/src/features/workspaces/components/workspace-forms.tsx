import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  editWorkspaceFormSchema,
  workspaceFormSchema,
  type WorkspaceListItem,
} from '@stackyard/contracts/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateWorkspace } from '../api/create-workspace';
import { useUpdateWorkspace } from '../api/update-workspace';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

export function CreateWorkspaceFormCard({ onDone }: { onDone: () => void }) {
  const create = useCreateWorkspace();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(workspaceFormSchema),
    defaultValues: { name: '', slug: '', description: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (workspace) => {
    setFailure(null);
    try {
      await create.mutateAsync(workspace);
      onDone();
    } catch (error) {
      setFailure(messageOf(error, 'Failed to create workspace. Please try again.'));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 rounded-xl border border-zinc-200 p-5">
      <h3 className="font-semibold text-zinc-950">Create workspace</h3>
      {failure && <Alert>{failure}</Alert>}
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Slug (optional)" error={errors.slug?.message}>
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.register('slug')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          Create
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function EditWorkspaceFormCard({
  workspace,
  onDone,
}: {
  workspace: WorkspaceListItem;
  onDone: () => void;
}) {
  const update = useUpdateWorkspace();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(editWorkspaceFormSchema),
    defaultValues: { name: workspace.name, slug: workspace.slug, description: workspace.description ?? '' },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: workspace.id, input });
      onDone();
    } catch (error) {
      setFailure(messageOf(error, 'Failed to update workspace'));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 rounded-xl border border-zinc-200 p-5">
      <h3 className="font-semibold text-zinc-950">Edit {workspace.name}</h3>
      {failure && <Alert>{failure}</Alert>}
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Slug" error={errors.slug?.message} hint="Letters, numbers and dashes.">
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.register('slug')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
      <div className="flex gap-2">
        {/* Update stays disabled until something changed. */}
        <Button type="submit" size="sm" disabled={!isDirty || form.formState.isSubmitting}>
          Update
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
