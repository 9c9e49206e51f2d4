import { workspaceFormSchema, type CreateWorkspace } from '@stackyard/contracts/workspace';
import { Button } from '@/components/ui/button';
import { WorkspaceFields } from '@/components/workspace-fields';
import { useCheckedForm } from '@/lib/use-checked-form';
import { StepFailure } from './step-failure';

export function WorkspaceStep({ onSubmit }: { onSubmit: (workspace: CreateWorkspace) => Promise<unknown> }) {
  const form = useCheckedForm(workspaceFormSchema, { name: '', slug: '', description: '' });
  const submit = form.handleSubmit(async (workspace) => {
    await onSubmit(workspace);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-semibold text-zinc-950">Create your first workspace</h2>
        <p className="mt-1 text-sm text-zinc-600">
          A workspace holds the tools, resources and projects you share.
        </p>
      </div>
      <StepFailure error={form.failure} text="Failed to create workspace. Please try again." />
      <WorkspaceFields
        form={form}
        slugLabel="Slug (optional)"
        slugHint="Lowercase letters, numbers and dashes; made from the name when left empty."
      />
      <Button type="submit" className="self-start" disabled={form.isSubmitting}>
        {form.isSubmitting ? 'Creating…' : 'Create Workspace'}
      </Button>
    </form>
  );
}
