import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCheckWorkspace, useNeedsAttention } from '../api/health';
import type { AttentionLinks } from './needs-attention-list';
import { NeedsAttentionState } from './needs-attention-state';

/** The workspace's broken, moved and archived items, and a check of every link for editors. */
export function NeedsAttentionPage({
  workspaceId,
  canEdit,
  links,
}: {
  workspaceId: string;
  canEdit: boolean;
  links: AttentionLinks;
}) {
  const [queued, setQueued] = useState<number | null>(null);
  const attention = useNeedsAttention(workspaceId, queued !== null && queued > 0);
  const checkAll = useCheckWorkspace(workspaceId);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-zinc-950">Needs attention</h1>
          <p className="mt-1 text-sm text-zinc-600">
            Saved links are checked every week. Broken, moved and archived ones are listed here.
          </p>
        </div>
        {canEdit ? (
          <Button
            variant="outline"
            disabled={checkAll.isPending}
            onClick={() => checkAll.mutate(undefined, { onSuccess: (answer) => setQueued(answer.queued) })}
          >
            Check all links now
          </Button>
        ) : null}
      </div>
      {queued !== null ? (
        <Alert tone="info">
          {queued === 0 ? 'Every link is already waiting for its check.' : `Checking ${queued} links…`}
        </Alert>
      ) : null}
      {checkAll.error ? <Alert>{checkAll.error.message}</Alert> : null}
      <NeedsAttentionState
        workspaceId={workspaceId}
        canEdit={canEdit}
        links={links}
        attention={attention}
        empty="Nothing needs attention: every checked link works."
      />
    </div>
  );
}
