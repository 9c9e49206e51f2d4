import { useId } from 'react';
import { DocumentTitle } from './document-title';

type PlaceholderPageProps = {
  title: string;
  description: string;
};

// Stands in for a screen whose real content arrives with a later issue, so every route already resolves.
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <DocumentTitle title={title} />
      <p className="text-sm font-medium text-amber-700">Coming soon</p>
      <h1 id={headingId} className="mt-2 text-3xl font-semibold tracking-tight text-zinc-950">
        {title}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-zinc-600">{description}</p>
    </section>
  );
}
