import type { Tag } from '@stackyard/contracts/tag';

/** A tag's name on its colour (the contract only lets a #rrggbb hex through to the style). */
export function TagChip({ tag }: { tag: Pick<Tag, 'tag_name' | 'color'> }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-2.5 py-0.5 text-xs font-medium text-zinc-800">
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
      {tag.tag_name}
    </span>
  );
}
