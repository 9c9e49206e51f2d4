import { useState, type ReactNode } from 'react';
import { COMPARE_MAX, COMPARE_MIN, compareToMarkdown } from '@stackyard/contracts/compare';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useCompare } from '../api/get-compare';
import { withTool, withoutTool } from '../lib/compare-tools';
import { CompareTable } from './compare-table';
import { LatestComments } from './latest-comments';

/** What the page hands the route's tool picker. */
export type PickerSlot = { exclude: readonly string[]; onPick: (slug: string) => void; disabled: boolean };

type ComparePageProps = {
  workspaceId: string;
  /** The compared slugs, from the address (the address is the page's state). */
  slugs: string[];
  onChange: (slugs: string[]) => void;
  toolHref: (slug: string) => string;
  picker: (slot: PickerSlot) => ReactNode;
};

export function ComparePage({ workspaceId, slugs, onChange, toolHref, picker }: ComparePageProps) {
  const compare = useCompare(workspaceId, slugs);
  const [differencesOnly, setDifferencesOnly] = useState(false);
  const { toast, show } = useToast();
  const enough = slugs.length >= COMPARE_MIN;
  const remove = (slug: string) => onChange(withoutTool(slugs, slug));
  const ready = enough && compare.isSuccess && !compare.isPlaceholderData;

  const copy = async () => {
    if (!compare.data) return;
    try {
      await navigator.clipboard.writeText(compareToMarkdown(compare.data, { differencesOnly }));
      show('Comparison copied as Markdown');
    } catch {
      show('The browser refused the clipboard; nothing was copied.');
    }
  };

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <DocumentTitle title="Compare tools" />
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Compare tools</h1>
      <p className="mt-2 text-zinc-600">
        Public facts from the repository and the registries beside your team’s view, for {COMPARE_MIN} to{' '}
        {COMPARE_MAX} tools.
      </p>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        {picker({
          exclude: slugs,
          onPick: (slug) => onChange(withTool(slugs, slug)),
          disabled: slugs.length >= COMPARE_MAX,
        })}
        {enough && <DifferencesSwitch on={differencesOnly} onChange={setDifferencesOnly} />}
        {enough && (
          <Button variant="outline" disabled={!ready} onClick={() => void copy()}>
            Copy as Markdown
          </Button>
        )}
      </div>
      <div className="mt-6">
        {!enough ? (
          <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
            <h2 className="text-lg font-semibold text-zinc-950">Pick at least two tools</h2>
            <p className="mt-2 text-zinc-600">
              Add tools of this workspace with the picker above: their facts and your team’s ratings, tags and
              comments appear side by side.
            </p>
            <ComparedList slugs={slugs} onRemove={remove} />
          </div>
        ) : compare.isPending ? (
          <StatusScreen text="Loading comparison..." />
        ) : compare.isError ? (
          <div className="flex flex-col gap-4">
            <Alert>Could not compare these tools: {compare.error.message}</Alert>
            <ComparedList slugs={slugs} onRemove={remove} />
          </div>
        ) : (
          <>
            {compare.isPlaceholderData && (
              <p role="status" className="mb-2 text-sm text-zinc-600">
                Updating...
              </p>
            )}
            <CompareTable
              comparison={compare.data}
              differencesOnly={differencesOnly}
              toolHref={toolHref}
              onRemove={remove}
            />
            <LatestComments tools={compare.data.tools} />
          </>
        )}
      </div>
      {toast}
    </section>
  );
}

function DifferencesSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => onChange(!on)}
      className="inline-flex h-10 items-center gap-2 rounded-lg px-2 text-sm font-medium text-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-600"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-10 shrink-0 rounded-full border transition-colors',
          on ? 'border-zinc-900 bg-zinc-900' : 'border-zinc-300 bg-zinc-200',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 size-4.5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
            on ? 'translate-x-[1.1rem]' : 'translate-x-0.5',
          )}
        />
      </span>
      Differences only
    </button>
  );
}

/** The slugs in the address, each removable: how a bad one (another workspace's, a typo) is taken out. */
function ComparedList({ slugs, onRemove }: { slugs: string[]; onRemove: (slug: string) => void }) {
  if (slugs.length === 0) return null;
  return (
    <ul aria-label="Compared tools" className="mt-4 flex flex-wrap justify-center gap-2">
      {slugs.map((slug) => (
        <li
          key={slug}
          className="inline-flex items-center gap-1 rounded-full border border-zinc-300 py-0.5 pr-1 pl-3 text-sm"
        >
          {slug}
          <button
            type="button"
            aria-label={`Remove ${slug}`}
            onClick={() => onRemove(slug)}
            className="rounded-full px-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-950 focus-visible:outline-2 focus-visible:outline-amber-600"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
