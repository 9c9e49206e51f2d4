import { useState } from 'react';
import type { MetadataChange, MetadataRefresh } from '@stackyard/contracts/metadata-refresh';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

type MetadataRefreshProps = {
  /** Reads the page again; the proposals are shown, nothing is applied yet. */
  refresh: () => Promise<MetadataRefresh>;
  /** Sends the ticked proposals, field → new value. */
  apply: (changes: Record<string, string | null>) => Promise<unknown>;
  /** How each field is called on the page ("Homepage URL"). */
  labels: Record<string, string>;
};

/**
 * "Refresh metadata": the proposals field by field (old → new), ticked unless the team edited the field by
 * hand; Apply sends the ticked ones.
 */
export function MetadataRefreshAction({ refresh, apply, labels }: MetadataRefreshProps) {
  const [proposal, setProposal] = useState<MetadataRefresh | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="w-full">
      {!proposal && (
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() => void run(async () => setProposal(await refresh()))}
        >
          {pending ? 'Reading the page...' : 'Refresh metadata'}
        </Button>
      )}
      {proposal && (
        <Proposals
          proposal={proposal}
          labels={labels}
          pending={pending}
          onDismiss={() => setProposal(null)}
          onApply={(changes) =>
            void run(async () => {
              await apply(changes);
              setProposal(null);
            })
          }
        />
      )}
      {error && <Alert className="mt-3">{error}</Alert>}
    </div>
  );
}

function Proposals({
  proposal,
  labels,
  pending,
  onDismiss,
  onApply,
}: {
  proposal: MetadataRefresh;
  labels: Record<string, string>;
  pending: boolean;
  onDismiss: () => void;
  onApply: (changes: Record<string, string | null>) => void;
}) {
  const [ticked, setTicked] = useState(
    () => new Set(proposal.changes.filter((change) => !change.edited_by_hand).map((change) => change.field)),
  );
  const toggle = (field: string) => {
    const next = new Set(ticked);
    if (next.has(field)) next.delete(field);
    else next.add(field);
    setTicked(next);
  };
  const chosen = (changes: MetadataChange[]) =>
    Object.fromEntries(
      changes.filter((change) => ticked.has(change.field)).map((change) => [change.field, change.proposed]),
    );

  return (
    <section aria-label="Proposed changes" className="mt-4 rounded-lg border border-zinc-200 p-4">
      {proposal.changes.length === 0 ? (
        <p className="text-sm text-zinc-700">The page says nothing new.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {proposal.changes.map((change) => (
            <li key={change.field}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={ticked.has(change.field)}
                  onChange={() => toggle(change.field)}
                />
                <span className="min-w-0">
                  <span className="font-medium text-zinc-900">{labels[change.field] ?? change.field}</span>
                  {change.edited_by_hand && <span className="text-zinc-600"> (edited by hand)</span>}
                  <span className="block break-words text-zinc-600">
                    <del>{change.current ?? 'empty'}</del> →{' '}
                    <ins className="no-underline">{change.proposed}</ins>
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {proposal.changes.length > 0 && (
          <Button
            size="sm"
            disabled={pending || ticked.size === 0}
            onClick={() => onApply(chosen(proposal.changes))}
          >
            {pending ? 'Applying...' : 'Apply selected'}
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={onDismiss}>
          {proposal.changes.length > 0 ? 'Dismiss' : 'Close'}
        </Button>
      </div>
    </section>
  );
}
