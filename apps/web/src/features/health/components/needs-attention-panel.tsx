import { useId } from 'react';
import { Link } from 'react-router';
import { WidgetBoundary } from '@/components/widget-boundary';
import { useNeedsAttention } from '../api/health';
import type { AttentionLinks } from './needs-attention-list';
import { NeedsAttentionState } from './needs-attention-state';

const SHOWN = 5;

/** The dashboard's few items that need attention, with a link to all of them. */
export function NeedsAttentionPanel({
  workspaceId,
  canEdit,
  allHref,
  links,
}: {
  workspaceId: string;
  canEdit: boolean;
  allHref: string;
  links: AttentionLinks;
}) {
  const headingId = useId();
  const attention = useNeedsAttention(workspaceId);
  return (
    <WidgetBoundary name="needs attention">
      <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-zinc-200 p-5">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id={headingId} className="font-semibold text-zinc-950">
            Needs attention
          </h2>
          <Link
            to={allHref}
            className="text-sm text-zinc-700 underline underline-offset-4 hover:text-zinc-950"
          >
            All links to fix
          </Link>
        </div>
        <div className="mt-3">
          <NeedsAttentionState
            workspaceId={workspaceId}
            canEdit={canEdit}
            links={links}
            attention={attention}
            empty="No broken or moved links."
            shown={SHOWN}
          />
        </div>
      </section>
    </WidgetBoundary>
  );
}
