import { useId } from 'react';

const highlights = [
  {
    title: 'Shared workspaces',
    text: 'Keep tools, resources and projects together and invite members as admins, editors or viewers.',
  },
  {
    title: 'Enriched on save',
    text: 'Submit a URL and stackyard adds title, description and image while keeping where you found it.',
  },
  {
    title: 'Compare and plan',
    text: 'Put tools side by side and turn what you have collected into the next project worth building.',
  },
  {
    title: 'Synced to GitHub',
    text: 'Link a workspace to a repository and keep its tools and projects in sync as files you own.',
  },
] as const;

export function ProductOverview() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
      <div className="max-w-3xl">
        <h2 id={headingId} className="text-3xl font-semibold tracking-tight text-zinc-950">
          What is the product?
        </h2>
        <p className="mt-4 text-lg text-pretty text-zinc-600">
          stackyard is a place where developers keep the tools, resources and projects of their craft in
          shared workspaces. Every saved link is enriched with metadata while keeping its original context, so
          you can compare tools side by side, plan projects from your own collection, and sync a workspace to
          a GitHub repository.
        </p>
      </div>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {highlights.map((item) => (
          <li key={item.title} className="rounded-xl border border-zinc-200 bg-white p-6 shadow-xs">
            <h3 className="font-semibold text-zinc-950">{item.title}</h3>
            <p className="mt-2 text-sm text-zinc-600">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
