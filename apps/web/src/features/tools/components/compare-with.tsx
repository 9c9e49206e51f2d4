import type { Tag } from '@stackyard/contracts/tag';
import type { Tool } from '@stackyard/contracts/tool';
import { Link } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { useToolsByTags } from '../api/get-tools-by-tag';

type CompareWithProps = {
  workspaceId: string;
  tool: Tool;
  /** The tool's tags: the workspace's tools sharing them are proposed first. */
  tags: Tag[];
  compareHref: (slugs: string[]) => string;
};

const MAX_PROPOSED = 6;
const MAX_TAGS = 5;

/** The workspace's other tools sharing most tags with this one, best rated first. */
function proposals(tool: Tool, lists: Array<Tool[] | undefined>): Tool[] {
  const shared = new Map<string, { tool: Tool; count: number }>();
  for (const list of lists) {
    for (const other of list ?? []) {
      if (other.workspace_tool_id === tool.workspace_tool_id) continue;
      const entry = shared.get(other.workspace_tool_id) ?? { tool: other, count: 0 };
      entry.count += 1;
      shared.set(other.workspace_tool_id, entry);
    }
  }
  return [...shared.values()]
    .sort((a, b) => b.count - a.count || (b.tool.context.rating ?? 0) - (a.tool.context.rating ?? 0))
    .slice(0, MAX_PROPOSED)
    .map((entry) => entry.tool);
}

/** "Compare with…" on the tool detail: tools sharing a tag, each a two-tool comparison, or pick any. */
export function CompareWith({ workspaceId, tool, tags, compareHref }: CompareWithProps) {
  const lists = useToolsByTags(
    workspaceId,
    tags.slice(0, MAX_TAGS).map((tag) => tag.id),
  );
  const loading = lists.some((list) => list.isPending);
  const proposed = proposals(
    tool,
    lists.map((list) => list.data),
  );
  return (
    <section aria-labelledby="compare-with" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="compare-with" className="text-lg font-semibold text-zinc-950">
          Compare with…
        </h2>
        <LinkButton to={compareHref([tool.slug])} variant="outline" size="sm">
          Pick tools to compare
        </LinkButton>
      </div>
      {tags.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">
          Tag this tool to see the workspace’s tools that share its tags.
        </p>
      ) : loading ? (
        <p className="mt-2 text-sm text-zinc-600">Looking for similar tools...</p>
      ) : proposed.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">No other tool in this workspace shares its tags yet.</p>
      ) : (
        <ul aria-label="Tools sharing its tags" className="mt-3 flex flex-wrap gap-2">
          {proposed.map((other) => (
            <li key={other.workspace_tool_id}>
              <Link
                to={compareHref([tool.slug, other.slug])}
                className="inline-flex items-center rounded-full border border-zinc-300 px-3 py-1 text-sm text-zinc-900 hover:border-zinc-500"
              >
                <span className="sr-only">Compare with </span>
                {other.metadata.name ?? other.slug}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
