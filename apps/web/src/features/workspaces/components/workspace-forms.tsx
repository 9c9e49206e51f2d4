import {
  editWorkspaceFormSchema,
  workspaceFormSchema,
  type WorkspaceListItem,
} from '@stackyard/contracts/workspace';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { WorkspaceFields } from '@/components/workspace-fields';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useCreateWorkspace } from '../api/create-workspace';
import { useUpdateWorkspace } from '../api/update-workspace';

const CARD = 'flex flex-col gap-4 rounded-xl border border-zinc-200 p-5';

function CardActions({
  label,
  disabled,
  onCancel,
}: {
  label: string;
  disabled: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" disabled={disabled}>
        {label}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

export function CreateWorkspaceFormCard({ onDone }: { onDone: () => void }) {
  const create = useCreateWorkspace();
  const form = useCheckedForm(workspaceFormSchema, { name: '', slug: '', description: '' });
  const submit = form.handleSubmit(async (workspace) => {
    await create.mutateAsync(workspace);
    onDone();
  });
  return (
    <form noValidate onSubmit={submit} className={CARD}>
      <h3 className="font-semibold text-zinc-950">Create workspace</h3>
      <FailureAlert error={form.failure} fallback="Failed to create workspace. Please try again." />
      <WorkspaceFields form={form} slugLabel="Slug (optional)" />
      <CardActions label="Create" disabled={form.isSubmitting} onCancel={onDone} />
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
  const saved = { name: workspace.name, slug: workspace.slug, description: workspace.description ?? '' };
  const form = useCheckedForm(editWorkspaceFormSchema, saved);
  const changed = (Object.keys(saved) as Array<keyof typeof saved>).some(
    (name) => form.values[name] !== saved[name],
  );
  const submit = form.handleSubmit(async (input) => {
    await update.mutateAsync({ id: workspace.id, input });
    onDone();
  });
  return (
    <form noValidate onSubmit={submit} className={CARD}>
      <h3 className="font-semibold text-zinc-950">Edit {workspace.name}</h3>
      <FailureAlert error={form.failure} fallback="Failed to update workspace" />
      <WorkspaceFields form={form} slugLabel="Slug" slugHint="Letters, numbers and dashes." />
      {/* Update stays disabled until something changed. */}
      <CardActions label="Update" disabled={!changed || form.isSubmitting} onCancel={onDone} />
    </form>
  );
}
