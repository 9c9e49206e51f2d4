import type { CompareTool } from '@stackyard/contracts/compare';
import { LinkedText } from '@/components/linked-text';
import { RelativeTime } from '@/components/relative-time';

/** The team's latest comments on each compared tool, beside each other (stacked on a phone). */
export function LatestComments({ tools }: { tools: CompareTool[] }) {
  if (tools.every((tool) => tool.team_view.latest_comments.length === 0)) return null;
  return (
    <section aria-labelledby="compare-comments" className="mt-8">
      <h2 id="compare-comments" className="text-lg font-semibold text-zinc-950">
        Latest comments
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => (
          <li key={tool.workspace_tool_id} className="rounded-xl border border-zinc-200 p-4">
            <h3 className="font-semibold text-zinc-950">{tool.overview.name}</h3>
            {tool.team_view.latest_comments.length === 0 ? (
              <p className="mt-2 text-sm text-zinc-600">No comments yet.</p>
            ) : (
              <ul className="mt-2 flex flex-col gap-3">
                {tool.team_view.latest_comments.map((comment) => (
                  <li key={comment.id} className="text-sm">
                    <p className="line-clamp-4 break-words whitespace-pre-line text-zinc-800">
                      <LinkedText text={comment.content} />
                    </p>
                    <p className="mt-1 text-xs text-zinc-500">
                      {comment.commenter_username ? `@${comment.commenter_username}` : 'A former member'} ·{' '}
                      <RelativeTime iso={comment.created_at} />
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
