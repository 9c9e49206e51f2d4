import { useId, useState } from 'react';
import { createTagSchema } from '@stackyard/contracts/tag';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCheckedForm } from '@/lib/use-checked-form';
import { DEFAULT_TAG_COLOR, useCreateTag } from '../api/create-tag';
import { useItemTags } from '../api/get-item-tags';
import { useSetItemTag } from '../api/set-item-tag';
import type { CatalogItem } from '../lib/item';
import { TagChip } from './tag-chip';
import { DeleteTagButton, TagEditForm } from './tag-editor';
import { TagSearch } from './tag-search';
import { TagSuggestions } from './tag-suggestions';

const newTagSchema = createTagSchema.pick({ tag_name: true });

type TagsPickerProps = {
  workspaceId: string;
  item: CatalogItem;
  /** Editors and admins put tags on and take them off; viewers only see them. */
  canEdit: boolean;
};

export function TagsPicker({ workspaceId, item, canEdit }: TagsPickerProps) {
  const headingId = useId();
  const itemTags = useItemTags(item);
  const [editing, setEditing] = useState(false);

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="flex items-center gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-zinc-950">
          Tags
        </h2>
        {canEdit && (
          <Button variant="ghost" size="sm" onClick={() => setEditing((value) => !value)}>
            {editing ? 'Done' : 'Edit tags'}
          </Button>
        )}
      </div>
      {itemTags.isPending ? (
        <p className="mt-2 text-sm text-zinc-600">Loading tags...</p>
      ) : itemTags.isError ? (
        <Alert className="mt-2">Error loading tags: {itemTags.error.message}</Alert>
      ) : itemTags.data.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">No tags.</p>
      ) : (
        <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-2">
          {itemTags.data.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      )}
      {canEdit && item.kind !== 'project' && <TagSuggestions workspaceId={workspaceId} item={item} />}
      {canEdit && editing && itemTags.data && (
        <TagChoices workspaceId={workspaceId} item={item} attachedIds={itemTags.data.map((tag) => tag.id)} />
      )}
    </section>
  );
}

function TagChoices({
  workspaceId,
  item,
  attachedIds,
}: {
  workspaceId: string;
  item: CatalogItem;
  attachedIds: string[];
}) {
  const setTag = useSetItemTag(item);
  const create = useCreateTag();
  const form = useCheckedForm(newTagSchema, { tag_name: '' });
  const name = form.values.tag_name;
  const [editingId, setEditingId] = useState<string | null>(null);
  // The change on its way, held in component state: the mutation's own pending state reaches React a tick
  // later, and in between a controlled checkbox would snap back to where it was.
  const [choice, setChoice] = useState<{ tagId: string; attached: boolean } | null>(null);
  const nameId = useId();

  const choose = (next: { tagId: string; attached: boolean }) => {
    setChoice(next);
    setTag.mutate(next, { onSettled: () => setChoice(null) });
  };

  const submit = form.handleSubmit(async ({ tag_name }) => {
    const tag = await create.mutateAsync({ workspace_id: workspaceId, tag_name, color: DEFAULT_TAG_COLOR });
    form.reset({ tag_name: '' });
    setTag.mutate({ tagId: tag.id, attached: true });
  });

  return (
    <div className="mt-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4">
      <TagSearch
        workspaceId={workspaceId}
        legend="Workspace tags"
        renderTag={(tag) =>
          editingId === tag.id ? (
            <li key={tag.id} className="py-1">
              <TagEditForm tag={tag} onDone={() => setEditingId(null)} />
            </li>
          ) : (
            <li key={tag.id} className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-1.5 text-sm text-zinc-800">
                <input
                  type="checkbox"
                  checked={choice?.tagId === tag.id ? choice.attached : attachedIds.includes(tag.id)}
                  disabled={choice !== null || setTag.isPending}
                  onChange={(event) => choose({ tagId: tag.id, attached: event.target.checked })}
                />
                <span
                  aria-hidden="true"
                  className="size-2 rounded-full"
                  style={{ backgroundColor: tag.color }}
                />
                {tag.tag_name}
              </label>
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2"
                aria-label={`Edit tag ${tag.tag_name}`}
                onClick={() => setEditingId(tag.id)}
              >
                Edit
              </Button>
              <DeleteTagButton tag={tag} />
            </li>
          )
        }
      />
      <form onSubmit={submit} noValidate className="mt-4 flex items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={nameId} className="text-sm font-medium text-zinc-900">
            New tag
          </label>
          <Input id={nameId} maxLength={50} {...form.field('tag_name')} />
        </div>
        <Button type="submit" variant="outline" disabled={create.isPending || !name.trim()}>
          Add tag
        </Button>
      </form>
      {(create.error ?? setTag.error) && (
        <Alert className="mt-2">{(create.error ?? setTag.error)?.message}</Alert>
      )}
    </div>
  );
}
