import { useId, useState, type FormEvent } from 'react';
import { updateTagSchema, type Tag } from '@stackyard/contracts/tag';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Input } from '@/components/ui/input';
import { useDeleteTag } from '../api/delete-tag';
import { useUpdateTag } from '../api/update-tag';

/** Rename or recolour one of the workspace's tags, in place of its row. */
export function TagEditForm({ tag, onDone }: { tag: Tag; onDone: () => void }) {
  const [name, setName] = useState(tag.tag_name);
  const [color, setColor] = useState(tag.color);
  const [error, setError] = useState<string>();
  const update = useUpdateTag();
  const nameId = useId();
  const colorId = useId();
  const changed = name.trim() !== tag.tag_name || color.toLowerCase() !== tag.color;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateTagSchema.safeParse({
      ...(name.trim() !== tag.tag_name ? { tag_name: name } : {}),
      ...(color.toLowerCase() !== tag.color ? { color } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate({ tagId: tag.id, input: parsed.data }, { onSuccess: onDone });
  };

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
        <Input
          id={nameId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={50}
          autoFocus
          className="h-8 w-40"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={colorId} className="text-xs font-medium text-zinc-900">
          Color
        </label>
        <input
          id={colorId}
          type="color"
          value={color}
          onChange={(event) => setColor(event.target.value)}
          className="h-8 w-12 rounded border border-zinc-300 bg-white"
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
