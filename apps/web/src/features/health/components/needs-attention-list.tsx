import type { AttentionItem, LinkHealthStatus } from '@stackyard/contracts/health';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { RelativeTime } from '@/components/relative-time';
import { useAcceptMoved, useCheckItem, useKeepItem } from '../api/health';

const LABELS: Record<Exclude<LinkHealthStatus, 'ok'>, string> = {
  moved: 'Moved',
  gone: 'Gone',
  failing: 'Failing',
  archived: 'Archived',
  deprecated: 'Deprecated',
};

function explain(item: AttentionItem): string {
  const { health } = item;
  if (health.status === 'moved') return `Permanently redirects to ${health.moved_to ?? ''}`;
  if (health.status === 'gone') return `The site answers ${health.http_status ?? 404}: the page is gone.`;
  if (health.status === 'failing') {
    const answer = health.http_status ? `answered ${health.http_status}` : 'could not be reached';
    return `The last ${health.consecutive_failures} checks failed (it ${answer}).`;
  }
  if (health.status === 'deprecated') return 'Its package is deprecated: its registry advises against it.';
  return 'Its repository is archived: it gets no more changes.';
}

export interface AttentionLinks {
  /** The item's page in the app. */
  itemHref(item: AttentionItem): string;
  /** A resource's saved copy page. */
  copyHref(resourceId: string): string;
  /** Edits a moved item to its new URL (a tool's homepage, a resource's link). */
  acceptMoved(item: AttentionItem): Promise<unknown>;
}

/** The items whose link needs a look, each with its one-click fixes for editors. */
export function NeedsAttentionList({
  workspaceId,
  items,
  canEdit,
  links,
}: {
  workspaceId: string;
  items: AttentionItem[];
  canEdit: boolean;
  links: AttentionLinks;
}) {
  const accept = useAcceptMoved(workspaceId, links.acceptMoved);
  const keep = useKeepItem(workspaceId);
  const check = useCheckItem(workspaceId);
  const failure = accept.error ?? keep.error ?? check.error;
  return (
    <div className="flex flex-col gap-3">
      {failure ? <Alert>{failure.message}</Alert> : null}
      <ul className="divide-y divide-zinc-100">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 py-3">
            <div className="flex flex-wrap items-baseline gap-2">
              <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                {LABELS[item.health.status as keyof typeof LABELS]}
              </span>
              <Link
                to={links.itemHref(item)}
                className="min-w-0 font-medium break-words text-zinc-950 underline-offset-4 hover:underline"
              >
                {item.name}
              </Link>
              <span className="text-xs text-zinc-600">
                {item.kind === 'tool' ? 'Tool' : 'Resource'} · checked{' '}
                <RelativeTime iso={item.health.checked_at} />
              </span>
            </div>
            <p className="text-sm break-all text-zinc-700">{explain(item)}</p>
            <div className="flex flex-wrap gap-2">
              {canEdit && item.health.status === 'moved' && item.health.moved_to ? (
                <Button size="sm" disabled={accept.isPending} onClick={() => accept.mutate(item)}>
                  Use new URL
                </Button>
              ) : null}
              {item.kind === 'resource' && item.health.status !== 'moved' ? (
                <LinkButton size="sm" variant="outline" to={links.copyHref(item.id)}>
                  Open saved copy
                </LinkButton>
              ) : null}
              {canEdit ? (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={keep.isPending}
                    onClick={() => keep.mutate(item)}
                  >
                    Mark as kept
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={check.isPending}
                    onClick={() => check.mutate({ kind: item.kind, id: item.id })}
                  >
                    Check again
                  </Button>
                </>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
