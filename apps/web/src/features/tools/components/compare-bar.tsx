import type { Tool } from '@stackyard/contracts/tool';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { COMPARE_MAX, COMPARE_MIN } from '@stackyard/contracts/compare';

/** The tools list's compare mode: pick 2 to 6 tools, then open their comparison. */
export function CompareBar({
  selected,
  compareHref,
}: {
  selected: Tool[];
  compareHref: (slugs: string[]) => string;
}) {
  const count = selected.length;
  const label = `Compare (${count})`;
  return (
    <div
      role="region"
      aria-label="Tools to compare"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-3"
    >
      <span className="text-sm text-zinc-700">
        {count} selected · pick {COMPARE_MIN} to {COMPARE_MAX} tools
      </span>
      {count >= COMPARE_MIN ? (
        <LinkButton to={compareHref(selected.map((tool) => tool.slug))}>{label}</LinkButton>
      ) : (
        <Button disabled>{label}</Button>
      )}
    </div>
  );
}
