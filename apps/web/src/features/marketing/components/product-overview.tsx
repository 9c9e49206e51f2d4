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
    title: 'Tag, rate and find',
    text: 'Tag and rate what you keep, talk it over in comments, and find anything again with search.',
  },
  {
    title: 'Compare before you choose',
    text: 'Put tools side by side: stars, releases, downloads and Scorecard next to your team’s own ratings.',
  },
  {
    title: 'Ideas from your collection',
    text: 'Get project ideas built from the tools you saved, offline by default or with your own model.',
  },
  {
    title: 'Your stack for AI assistants',
    text: 'Export AGENTS.md, Cursor rules and manifests, or serve the stack to language models over MCP.',
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
          shared workspaces. Every saved link is enriched with metadata while keeping its original context;
          you tag, rate, comment on and search what you keep, import your browser bookmarks, and save links
          from your phone's share menu or a bookmarklet. Compare tools side by side, get project ideas from
          what you collected, mark the tools your team prefers or avoids, export that stack for AI coding
          assistants or serve it to them over MCP, and sync a workspace to a GitHub repository.
        </p>
      </div>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
