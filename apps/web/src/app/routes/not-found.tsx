import { DocumentTitle } from '@/components/document-title';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <DocumentTitle title="404 Not Found" />
      <h1 className="text-4xl font-semibold tracking-tight text-zinc-950">404 Not Found</h1>
      <p className="mt-4 text-lg text-zinc-600">
        There is no page at this address. It may have moved or never existed.
      </p>
      <LinkButton to={paths.home.getHref()} className="mt-8">
        Go to the home page
      </LinkButton>
    </section>
  );
}
