import { DocumentTitle } from '@/components/document-title';

export function AboutRoute() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <DocumentTitle title="About" />
      <h1 className="text-4xl font-semibold tracking-tight text-zinc-950">About</h1>
      <p className="mt-4 max-w-3xl text-lg text-zinc-600">This is a simple demo of routing.</p>
    </section>
  );
}
