import { useId, useState } from 'react';
import { updateTagSchema, type Tag } from '@stackyard/contracts/tag';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Input } from '@/components/ui/input';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useDeleteTag } from '../api/delete-tag';
import { useUpdateTag } from '../api/update-tag';

// Both fields are always there to check; only the changed ones are sent.
const tagFormSchema = updateTagSchema.pick({ tag_name: true, color: true }).required();

/** Rename or recolour one of the workspace's tags, in place of its row. */
export function TagEditForm({ tag, onDone }: { tag: Tag; onDone: () => void }) {
  const form = useCheckedForm(tagFormSchema, { tag_name: tag.tag_name, color: tag.color });
  const update = useUpdateTag();
  const nameId = useId();
  const colorId = useId();
  const { tag_name: name, color } = form.values;
  const changed = name.trim() !== tag.tag_name || color.toLowerCase() !== tag.color;
  const error = form.errors.tag_name ?? form.errors.color;

  const submit = form.handleSubmit(async (checked) => {
    const input = {
      ...(checked.tag_name !== tag.tag_name ? { tag_name: checked.tag_name } : {}),
      ...(checked.color.toLowerCase() !== tag.color ? { color: checked.color } : {}),
    };
    await update.mutateAsync({ tagId: tag.id, input });
    onDone();
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Edit tag ${tag.tag_name}`}
      className="flex flex-wrap items-end gap-2"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={nameId} className="text-xs font-medium text-zinc-900">
          Tag name
        </label>
        <Input id={nameId} maxLength={50} autoFocus className="h-8 w-40" {...form.field('tag_name')} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={colorId} className="text-xs font-medium text-zinc-900">
          Color
        </label>
        <input
          id={colorId}
          type="color"
          className="h-8 w-12 rounded border border-zinc-300 bg-white"
          {...form.field('color')}
        />
      </div>
      <Button type="submit" size="sm" disabled={!changed || update.isPending}>
        {update.isPending ? 'Saving...' : 'Save tag'}
      </Button>
      <Button variant="ghost" size="sm" onClick={onDone}>
        Cancel
      </Button>
      {(error ?? update.error) && <Alert className="w-full py-2">{error ?? update.error?.message}</Alert>}
    </form>
  );
}

/** "Delete {tag}" that asks first: the tag comes off every item that has it. */
export function DeleteTagButton({ tag }: { tag: Tag }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTag(tag.workspace_id);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-red-700"
        aria-label={`Delete tag ${tag.tag_name}`}
        onClick={() => setOpen(true)}
      >
        Delete
      </Button>
      <ActionDialog
        open={open}
        onClose={() => {
          setOpen(false);
          remove.reset();
        }}
        title={`Delete the tag ${tag.tag_name}?`}
        description={
          <p className="text-sm text-zinc-600">
            It is taken off every tool, resource and project that has it. This cannot be undone.
          </p>
        }
        request={remove}
        label="Delete Tag"
        pendingLabel="Deleting..."
        tone="danger"
        onSubmit={() => remove.mutate(tag.id, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}
