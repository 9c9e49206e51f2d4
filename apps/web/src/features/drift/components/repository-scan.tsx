import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type RepositoryScanProps = {
  /** The repository's owner/name. */
  fullName: string;
  /** A project's linked repository (its branch and folder) rather than the workspace's connected one. */
  ofProject: boolean;
  pending: boolean;
  error: Error | null;
  onScan: () => void;
};

/** Scans the workspace's connected GitHub repository (its default branch), or a project's, on the server. */
export function RepositoryScan({ fullName, ofProject, pending, error, onScan }: RepositoryScanProps) {
  return (
    <div className="mt-4 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" disabled={pending} onClick={onScan}>
          {ofProject ? "Scan the project's repository" : 'Scan the connected repository'}
        </Button>
        <span className="text-sm text-zinc-700">
          <span className="font-mono">{fullName}</span>
          {ofProject ? ', its linked branch and folder' : ', its default branch'}
        </span>
      </div>
      {pending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-700">
          <Spinner className="size-4" /> Reading {fullName} on GitHub…
        </p>
      ) : null}
      {error ? <Alert>{error.message}</Alert> : null}
    </div>
  );
}
