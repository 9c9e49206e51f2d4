import type { ItemSort } from '@stackyard/contracts/catalog';
import type { Tag } from '@stackyard/contracts/tag';

// The tag filter and the sort order of the tools and resources lists.

const labelClass = 'flex flex-col gap-1 text-sm font-medium text-zinc-900';
const selectClass = 'h-10 rounded-lg border border-zinc-300 bg-white px-2 text-sm';

export function TagFilter({
  tags,
  value,
  onChange,
}: {
  tags: Tag[];
  value: string | null;
  onChange: (tagId: string | null) => void;
}) {
  return (
    <label className={labelClass}>
      Tag
      <select
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className={selectClass}
      >
        <option value="">All tags</option>
        {tags.map((option) => (
          <option key={option.id} value={option.id}>
            {option.tag_name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SortSelect({ value, onChange }: { value: ItemSort; onChange: (sort: ItemSort) => void }) {
  return (
    <label className={labelClass}>
      Sort
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as ItemSort)}
        className={selectClass}
      >
        <option value="recent">Most recent</option>
        <option value="name">Name</option>
        <option value="rating">Rating</option>
      </select>
    </label>
  );
}
