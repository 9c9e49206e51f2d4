import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from './document-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

// Most often a screen's code failed to download (offline, or a deploy replaced the old chunks): reloading fixes it.
export function RouteError() {
  const error = useRouteError();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center sm:px-6">
      <DocumentTitle title="Page failed to load" />
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-950">This page failed to load</h1>
      <p className="mt-3 text-zinc-600">{describe(error)}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  );
}
