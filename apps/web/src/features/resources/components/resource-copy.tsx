import { ExternalLink } from '@/components/ui/external-link';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { RelativeTime } from '@/components/relative-time';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { useResource } from '../api/get-resource';
import { useResourceCopy } from '../api/get-resource-copy';
import { CopyHtml } from './copy-html';

type ResourceCopyViewProps = {
  workspaceId: string;
  resourceId: string;
  /** The resource's own page in the app. */
  resourceHref: string;
};

// The readable view of a resource's saved copy: its title, when it was saved, the original link, the text.
export function ResourceCopyView({ workspaceId, resourceId, resourceHref }: ResourceCopyViewProps) {
  const resource = useResource(resourceId);
  const copy = useResourceCopy(resourceId);
  if (resource.isPending || copy.isPending) return <StatusScreen text="Loading saved copy..." />;
  const failed = resource.error ?? copy.error;
  if (failed) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert>Error loading the saved copy: {failed.message}</Alert>
      </div>
    );
  }
  if (!resource.data || resource.data.workspace_id !== workspaceId) {
    return <StatusScreen text="Resource not found" />;
  }
  const original = resource.data.raw_submitted_url;
  const title = copy.data?.title ?? resource.data.metadata.extracted_title ?? original;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <DocumentTitle title={`Saved copy: ${title}`} />
      <Link
        to={resourceHref}
        className="text-sm text-zinc-700 underline decoration-zinc-300 underline-offset-4"
      >
        Back to the resource
      </Link>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight break-words text-zinc-950">{title}</h1>
      <p className="mt-2 text-sm break-all text-zinc-600">
        {copy.data && (
          <>
            Saved <RelativeTime iso={copy.data.fetched_at} /> from{' '}
          </>
        )}
        <ExternalLink
          href={copy.data?.source_url ?? original}
          className="text-zinc-700 underline decoration-zinc-300 underline-offset-4"
        >
          {copy.data?.source_url ?? original}
        </ExternalLink>
        {copy.data?.byline && <> · {copy.data.byline}</>}
      </p>
      {copy.data ? (
        <>
          <CopyHtml
            html={copy.data.html}
            className="resource-copy mt-6 max-w-none text-base leading-7 break-words text-zinc-900"
          />
          {copy.data.truncated && (
            <p className="mt-6 text-sm text-zinc-600">
              The page was longer than a saved copy keeps; the rest is on the original page.
            </p>
          )}
        </>
      ) : (
        <section className="mt-8 rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center">
          <h2 className="text-lg font-semibold text-zinc-950">No saved copy</h2>
          <p className="mt-2 text-sm text-zinc-600">
            This resource&apos;s page has not been read yet, or it had no article to keep.
          </p>
        </section>
      )}
    </article>
  );
}
