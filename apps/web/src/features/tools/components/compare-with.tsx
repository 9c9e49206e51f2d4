import type { SimilarTool } from '@stackyard/contracts/similar-tools';
import type { Tool } from '@stackyard/contracts/tool';
import { Link } from 'react-router';
import { ItemIcon } from '@/components/item-icon';
import { LinkButton } from '@/components/ui/link-button';
import { useSimilarTools } from '../api/get-similar-tools';

type CompareWithProps = {
  workspaceId: string;
  tool: Tool;
  compareHref: (slugs: string[]) => string;
};

/** What the two tools share, in words: "bundler, frontend". */
function sharedText(other: SimilarTool): string {
  return [
    ...other.shared_tags,
    ...other.shared_topics.filter((topic) => !other.shared_tags.includes(topic)),
  ].join(', ');
}

/**
 * "Compare with…" on the tool detail: the workspace's tools sharing most tags or repository topics (from the
 * facts), each a two-tool comparison, or pick any.
 */
export function CompareWith({ workspaceId, tool, compareHref }: CompareWithProps) {
  const similar = useSimilarTools(workspaceId, tool.workspace_tool_id);
  const proposed = similar.data?.tools ?? [];
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
      {similar.isPending ? (
        <p className="mt-2 text-sm text-zinc-600">Looking for similar tools...</p>
      ) : similar.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Similar tools could not be loaded: {similar.error.message}
        </p>
      ) : proposed.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">
          No other tool in this workspace shares its tags or its repository’s topics yet. Tag this tool to
          find tools like it.
        </p>
      ) : (
        <ul aria-label="Tools sharing its tags or topics" className="mt-3 flex flex-wrap gap-2">
          {proposed.map((other) => (
            <li key={other.workspace_tool_id}>
              <Link
                to={compareHref([tool.slug, other.slug])}
                className="inline-flex items-center gap-2 rounded-full border border-zinc-300 py-1 pr-3 pl-1 text-sm text-zinc-900 hover:border-zinc-500"
              >
                <ItemIcon name={other.name} src={other.icon_url} size="sm" />
                <span>
                  <span className="sr-only">Compare with </span>
                  {other.name}
                </span>
                <span className="text-xs text-zinc-500">
                  <span className="sr-only">sharing </span>
                  {sharedText(other)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
