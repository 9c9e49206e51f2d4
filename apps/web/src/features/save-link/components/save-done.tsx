import { useEffect, useRef } from 'react';
import type { SubmissionKind } from '@stackyard/contracts/ingestion';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';

type SaveDoneProps = {
  workspaceName: string;
  kind: SubmissionKind;
  /** The workspace's ingestions of that kind, where the submission is followed. */
  ingestionsHref: string | null;
};

// A script may close the window it opened (the bookmarklet's) or a window with a single page in its history.
const canClose = () => window.opener !== null || window.history.length <= 1;

export function SaveDone({ workspaceName, kind, ingestionsHref }: SaveDoneProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to what replaced it so keyboard and screen reader users hear the result.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
      <h2 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        Saved to {workspaceName}
      </h2>
      <p className="mt-2 text-sm">
        stackyard is reading the page now; the {kind === 'tool' ? 'tool' : 'resource'} appears in the
        workspace once it is added.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {canClose() && <Button onClick={() => window.close()}>Close</Button>}
        {ingestionsHref && (
          <LinkButton variant="outline" to={ingestionsHref}>
            Follow it in Ingestions
          </LinkButton>
        )}
      </div>
    </div>
  );
}
