import { Link } from 'react-router';
import type { SubmissionKind } from '@stackyard/contracts/ingestion';
import { DocumentTitle } from '@/components/document-title';
import { cn } from '@/lib/cn';
import { BookmarksImport } from './bookmarks-import';
import { SubmissionsList } from './submissions-list';
import { SubmitForm, type HintChoice, type TagPicker } from './submit-form';

type IngestionsPageProps = {
  workspaceId: string;
  kind: SubmissionKind;
  /** The same page showing the other kind (the kind lives in the address, so the Add buttons can pick it). */
  kindHref: (kind: SubmissionKind) => string;
  /** Whether the caller may submit URLs and import bookmarks; viewers follow the list. */
  canSubmit: boolean;
  /** Whether the caller may retry, release or reject a held-back submission. */
  canReview: boolean;
  /** The workspace's tag picker for the hints, composed by the page. */
  tagPicker: TagPicker;
  projects: HintChoice[];
  toolHref: (slug: string) => string;
  resourceHref: (resourceId: string) => string;
};

const kinds: Array<{ kind: SubmissionKind; label: string }> = [
  { kind: 'tool', label: 'Tools' },
  { kind: 'resource', label: 'Resources' },
];

/**
 * Submit URLs as tools or resources and follow them: one page for both kinds, switched by the tabs (links
 * to ?kind=tool / ?kind=resource), since both go through the same pipeline and review.
 */
export function IngestionsPage({
  workspaceId,
  kind,
  kindHref,
  canSubmit,
  canReview,
  tagPicker,
  projects,
  toolHref,
  resourceHref,
}: IngestionsPageProps) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <DocumentTitle title={kind === 'tool' ? 'Tool ingestions' : 'Resource ingestions'} />
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Ingestions</h1>
      <p className="mt-2 text-zinc-600">
        Paste links; each page is fetched safely, described, and added to the workspace. Pages that cannot be
        read are held back for an editor to review.
      </p>
      <nav aria-label="Kind" className="mt-6 inline-flex rounded-lg border border-zinc-300 bg-zinc-100 p-1">
        {kinds.map((entry) => (
          <Link
            key={entry.kind}
            to={kindHref(entry.kind)}
            replace
            aria-current={entry.kind === kind ? 'page' : undefined}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium text-zinc-700 hover:text-zinc-950',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
              entry.kind === kind && 'bg-white text-zinc-950 shadow-xs',
            )}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      <div className="mt-6 flex flex-col gap-8">
        {canSubmit && (
          <SubmitForm
            key={kind}
            workspaceId={workspaceId}
            kind={kind}
            tagPicker={tagPicker}
            projects={projects}
          />
        )}
        {canSubmit && kind === 'resource' && <BookmarksImport workspaceId={workspaceId} />}
        <SubmissionsList
          workspaceId={workspaceId}
          kind={kind}
          canReview={canReview}
          toolHref={toolHref}
          resourceHref={resourceHref}
        />
      </div>
    </section>
  );
}
