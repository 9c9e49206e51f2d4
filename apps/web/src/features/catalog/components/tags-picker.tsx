import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DEFAULT_TAG_COLOR, useCreateTag } from '../api/create-tag';
import { useItemTags } from '../api/get-item-tags';
import { useSetItemTag } from '../api/set-item-tag';
import type { CatalogItem } from '../lib/item';
import { ChosenTags, TagCombobox } from './tag-combobox';
import { DeleteTagButton, TagEditForm } from './tag-editor';
import { TagSuggestions } from './tag-suggestions';

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
  const [editingId, setEditingId] = useState<string | null>(null);
  const setTag = useSetItemTag(item);
  const create = useCreateTag();
  const attached = itemTags.data ?? [];
  // A tag being renamed takes the chips' place until it is saved or left.
  const editingTag = attached.find((tag) => tag.id === editingId);

  const createAndAttach = async (tag_name: string) => {
    const tag = await create.mutateAsync({ workspace_id: workspaceId, tag_name, color: DEFAULT_TAG_COLOR });
    await setTag.mutateAsync({ tagId: tag.id, attached: true });
  };

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="flex items-center gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-zinc-950">
          Tags
        </h2>
        {canEdit && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setEditing((value) => !value);
              setEditingId(null);
            }}
          >
            {editing ? 'Done' : 'Edit tags'}
          </Button>
        )}
      </div>
      <div className="mt-2">
        {itemTags.isPending ? (
          <p className="text-sm text-zinc-600">Loading tags...</p>
        ) : itemTags.isError ? (
          <Alert>Error loading tags: {itemTags.error.message}</Alert>
        ) : editingTag ? (
          <TagEditForm key={editingTag.id} tag={editingTag} onDone={() => setEditingId(null)} />
        ) : (
          <ChosenTags
            label="Tags"
            tags={attached}
            empty={<p className="text-sm text-zinc-600">No tags.</p>}
            onRemove={editing ? (tag) => setTag.mutate({ tagId: tag.id, attached: false }) : undefined}
            extra={
              editing
                ? (tag) => (
                    <>
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
                    </>
                  )
                : undefined
            }
          />
        )}
      </div>
      {canEdit && item.kind !== 'project' && <TagSuggestions workspaceId={workspaceId} item={item} />}
      {canEdit && editing && itemTags.data && (
        <div className="mt-3 max-w-sm">
          <TagCombobox
            workspaceId={workspaceId}
            label="Add a tag"
            chosenIds={attached.map((tag) => tag.id)}
            onChoose={(tag) => setTag.mutate({ tagId: tag.id, attached: true })}
            onCreate={createAndAttach}
          />
          {setTag.error && <Alert className="mt-2">{setTag.error.message}</Alert>}
        </div>
      )}
    </section>
  );
}
