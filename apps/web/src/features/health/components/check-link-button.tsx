import type { HealthItemKind, LinkHealthStatus } from '@stackyard/contracts/health';
import { Button } from '@/components/ui/button';
import { useCheckItem } from '../api/health';

const FOUND: Record<LinkHealthStatus, string> = {
  ok: 'The link works.',
  moved: 'The link moved: see Needs attention to use its new URL.',
  gone: 'The link is gone.',
  failing: 'The link keeps failing.',
  archived: 'The link works; its repository is archived.',
  deprecated: 'The link works; its package is deprecated.',
};

/** An editor's "Check link now" on an item's page, with what the check found. */
export function CheckLinkButton({
  workspaceId,
  kind,
  id,
}: {
  workspaceId: string;
  kind: HealthItemKind;
  id: string;
}) {
  const check = useCheckItem(workspaceId);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        size="sm"
        variant="outline"
        disabled={check.isPending}
        onClick={() => check.mutate({ kind, id })}
      >
        {check.isPending ? 'Checking link…' : 'Check link now'}
      </Button>
      <p role="status" className="text-sm text-zinc-700">
        {check.data ? FOUND[check.data.status] : check.error ? check.error.message : ''}
      </p>
    </div>
  );
}
