import { useId, useState, type ReactNode } from 'react';
import type { Tag } from '@stackyard/contracts/tag';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTagSearch } from '../api/get-tags';

const SEARCH_DEBOUNCE_MS = 200;

type TagSearchProps = {
  workspaceId: string;
  legend: string;
  /** Tags to list first even when the search leaves them out (the ones already ticked). */
  pinned?: Tag[];
  /** One `<li>` per tag. */
  renderTag: (tag: Tag) => ReactNode;
  /** How the list lays the tags out: one a line unless told otherwise. */
  listClassName?: string;
};

/**
 * A workspace may hold thousands of tags: the server searches them as the user types, a page at a time,
 * starting with the first page of them all.
 */
export function TagSearch({
  workspaceId,
  legend,
  pinned = [],
  renderTag,
  listClassName = 'flex flex-col gap-1',
}: TagSearchProps) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const tags = useTagSearch(workspaceId, q);
  const found = tags.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = [...pinned.filter((tag) => !found.some((other) => other.id === tag.id)), ...found];
  const searchId = useId();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-zinc-900">
          Search tags
        </label>
        <Input
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // The search already follows the text; Enter here must not submit the form around the picker.
            if (event.key === 'Enter') event.preventDefault();
          }}
          maxLength={50}
        />
      </div>
      {tags.isPending ? (
        <p className="text-sm text-zinc-600">Loading tags...</p>
      ) : tags.isError ? (
        <Alert>Error loading tags: {tags.error.message}</Alert>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-zinc-900">{legend}</legend>
          {shown.length === 0 && (
            <p className="mt-1 text-sm text-zinc-600">
              {q ? `No tags match “${q}”.` : 'This workspace has no tags yet.'}
            </p>
          )}
          <ul className={cn('mt-2', listClassName)}>{shown.map(renderTag)}</ul>
          {tags.hasNextPage && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-2"
              disabled={tags.isFetchingNextPage}
              onClick={() => void tags.fetchNextPage()}
            >
              {tags.isFetchingNextPage ? 'Loading...' : 'Show more tags'}
            </Button>
          )}
        </fieldset>
      )}
    </div>
  );
}

type TagCheckListProps = {
  workspaceId: string;
  /** The ids of the ticked tags, kept by the form that sends them. */
  selected: string[];
  onChange: (ids: string[]) => void;
};

/** Tick tags of the workspace, found by searching; a ticked tag stays listed while other text is searched. */
export function TagCheckList({ workspaceId, selected, onChange }: TagCheckListProps) {
  // The ticked tags as they were when ticked, to list them while the search no longer finds them.
  const [ticked, setTicked] = useState<Tag[]>([]);
  return (
    <TagSearch
      workspaceId={workspaceId}
      legend="Tags"
      // Plain names side by side keep a page of 50 short in the small save window.
      listClassName="flex flex-wrap gap-x-4 gap-y-2"
      pinned={ticked.filter((tag) => selected.includes(tag.id))}
      renderTag={(tag) => (
        <li key={tag.id}>
          <label className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="checkbox"
              checked={selected.includes(tag.id)}
              onChange={(event) => {
                if (event.target.checked) {
                  setTicked((before) => [...before.filter((other) => other.id !== tag.id), tag]);
                  onChange([...selected, tag.id]);
                } else onChange(selected.filter((id) => id !== tag.id));
              }}
              className="size-4 accent-zinc-900"
            />
            {tag.tag_name}
          </label>
        </li>
      )}
    />
  );
}
