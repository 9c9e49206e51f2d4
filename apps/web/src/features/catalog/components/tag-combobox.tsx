import { useState, type ReactNode } from 'react';
import type { Tag } from '@stackyard/contracts/tag';
import { SearchCombobox } from '@/components/search-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTagSearch } from '../api/get-tags';
import { TagChip } from './tag-chip';

const SEARCH_DEBOUNCE_MS = 200;

type TagOption = { kind: 'tag'; tag: Tag } | { kind: 'create'; name: string } | { kind: 'more' };

type TagComboboxProps = {
  workspaceId: string;
  label: string;
  /** The tags already chosen: not offered again. */
  chosenIds: readonly string[];
  onChoose: (tag: Tag) => void;
  /** When given, a name no tag has is offered as a new tag; a rejection is shown under the field. */
  onCreate?: (name: string) => Promise<unknown>;
};

const optionKey = (option: TagOption) =>
  option.kind === 'tag' ? option.tag.id : option.kind === 'create' ? `create:${option.name}` : 'more';

/**
 * Picks tags of a workspace, which may hold thousands: the server searches them as the user types, a page at a
 * time (the first page of them all as the field gets focus). The list stays open to pick several in a row.
 */
export function TagCombobox({ workspaceId, label, chosenIds, onChoose, onCreate }: TagComboboxProps) {
  const [text, setText] = useState('');
  const [createError, setCreateError] = useState<string>();
  const typed = text.trim();
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const tags = useTagSearch(workspaceId, q);
  const found = tags.data?.pages.flatMap((page) => page.items) ?? [];
  // The answer for the text before stays listed while the next loads: only what matches the text now is
  // offered, so that Enter never takes a tag the text no longer names.
  const current = !tags.isPlaceholderData && q === typed;
  const named = (tag: Tag) => tag.tag_name.toLowerCase() === typed.toLowerCase();
  const matches = found
    .filter((tag) => !chosenIds.includes(tag.id) && tag.tag_name.toLowerCase().includes(typed.toLowerCase()))
    // The tag the text names exactly comes first, for Enter to take.
    .sort((a, b) => Number(named(b)) - Number(named(a)));
  const options: TagOption[] = matches.map((tag) => ({ kind: 'tag', tag }));
  if (onCreate && typed && current && !found.some(named)) options.push({ kind: 'create', name: typed });
  if (tags.hasNextPage && current) options.push({ kind: 'more' });

  const empty = tags.isError
    ? `Error loading tags: ${tags.error.message}`
    : tags.isPending || !current
      ? 'Loading tags...'
      : typed
        ? `No tags match “${typed}”.`
        : found.length > 0
          ? 'Every tag is chosen.'
          : 'This workspace has no tags yet.';

  const choose = (option: TagOption) => {
    setCreateError(undefined);
    if (option.kind === 'more') {
      void tags.fetchNextPage();
    } else if (option.kind === 'tag') {
      onChoose(option.tag);
      setText('');
    } else if (onCreate) {
      onCreate(option.name).then(
        () => setText(''),
        (error: unknown) => setCreateError(error instanceof Error ? error.message : String(error)),
      );
    }
  };

  return (
    <SearchCombobox
      label={label}
      listLabel={`${label}: matching tags`}
      text={text}
      onTextChange={(next) => {
        setText(next);
        setCreateError(undefined);
      }}
      options={options}
      keyOf={optionKey}
      onChoose={choose}
      empty={empty}
      openOnFocus
      stayOpen
      pickOnly
      error={createError}
      inputProps={{ maxLength: 50 }}
      renderOption={(option) =>
        option.kind === 'tag' ? (
          <TagChip tag={option.tag} />
        ) : option.kind === 'create' ? (
          <span className="text-zinc-800">Create tag “{option.name}”</span>
        ) : (
          <span className="text-zinc-600">{tags.isFetchingNextPage ? 'Loading...' : 'Show more tags'}</span>
        )
      }
    />
  );
}

type ChosenTagsProps = {
  label: string;
  tags: readonly Tag[];
  /** Takes a tag off; without it the chips have no remove button. */
  onRemove?: (tag: Tag) => void;
  /** More for each chip (editing the tag itself), after its remove button. */
  extra?: (tag: Tag) => ReactNode;
  /** Shown in place of the list when there are no tags. */
  empty?: ReactNode;
};

/** The chosen tags as chips, each with a button that takes it off. */
export function ChosenTags({ label, tags, onRemove, extra, empty }: ChosenTagsProps) {
  if (tags.length === 0) return empty ?? null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.id} className="flex flex-wrap items-center gap-1">
          <TagChip tag={tag} />
          {onRemove && (
            <button
              type="button"
              aria-label={`Remove tag ${tag.tag_name}`}
              title={`Remove ${tag.tag_name}`}
              onClick={() => onRemove(tag)}
              className="rounded-full px-1.5 text-sm leading-5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-zinc-900 focus-visible:outline-none"
            >
              ×
            </button>
          )}
          {extra?.(tag)}
        </li>
      ))}
    </ul>
  );
}

type TagChooserProps = {
  workspaceId: string;
  /** The ids of the chosen tags, kept by the form that sends them. */
  selected: string[];
  onChange: (ids: string[]) => void;
};

/** Tags for a form to send with what it saves: picked from the workspace's, shown as removable chips. */
export function TagChooser({ workspaceId, selected, onChange }: TagChooserProps) {
  // The chosen tags as they were when chosen, for their chips; the form owns which are chosen.
  const [picked, setPicked] = useState<Tag[]>([]);
  const chosen = picked.filter((tag) => selected.includes(tag.id));
  return (
    <div className="flex flex-col gap-2">
      <TagCombobox
        workspaceId={workspaceId}
        label="Tags"
        chosenIds={selected}
        onChoose={(tag) => {
          setPicked((before) => [...before.filter((other) => other.id !== tag.id), tag]);
          onChange([...selected, tag.id]);
        }}
      />
      <ChosenTags
        label="Chosen tags"
        tags={chosen}
        onRemove={(tag) => onChange(selected.filter((id) => id !== tag.id))}
      />
    </div>
  );
}
