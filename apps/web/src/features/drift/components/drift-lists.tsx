import { useState, type ReactNode } from 'react';
import type { Drift, ScanDependency } from '@stackyard/contracts/drift';
import { Button } from '@/components/ui/button';

// The three lists of drift: each dependency with where it is declared and how it was found to be a tool.

const MATCHED_BY = {
  package: 'its registry package',
  repository: 'its repository',
  name: 'its name',
} as const;

function Place({ dependency }: { dependency: ScanDependency }) {
  return (
    <span className="font-mono text-xs break-all text-zinc-600">
      {dependency.file}:{dependency.line}
    </span>
  );
}

function Section({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  const id = `drift-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold text-zinc-950">
        {title} <span className="text-sm font-normal text-zinc-600">({count})</span>
      </h2>
      {count === 0 ? <p className="mt-2 text-sm text-zinc-600">{empty}</p> : children}
    </section>
  );
}

export function AvoidedList({ items }: { items: Drift['avoided'] }) {
  return (
    <Section
      title="Tools the team avoids"
      empty="The code uses no tool the team avoids."
      count={items.length}
    >
      <ul className="mt-3 divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white">
        {items.map(({ dependency, tool, matched_by, preferred }) => (
          <li
            key={`${dependency.file}:${dependency.line}:${dependency.name}`}
            className="flex flex-col gap-1 px-4 py-3"
          >
            <p className="text-sm text-zinc-900">
              <strong className="break-all">{dependency.name}</strong> is {tool.name}, a tool the team avoids
              {tool.note ? ` (${tool.note})` : ''}.
              {preferred.length > 0 ? ` The team prefers ${preferred.map((p) => p.name).join(', ')}.` : ''}
            </p>
            <p className="flex flex-wrap gap-x-3 text-xs text-zinc-600">
              <Place dependency={dependency} />
              <span>Matched by {MATCHED_BY[matched_by]}</span>
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function InsteadList({ items }: { items: Drift['instead_of_preferred'] }) {
  return (
    <Section
      title="Preferred tools the code does not use"
      empty="Where the team prefers a tool, the code uses it."
      count={items.length}
    >
      <ul className="mt-3 divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white">
        {items.map(({ category, preferred, used }) => (
          <li key={category} className="flex flex-col gap-1 px-4 py-3">
            <p className="text-sm text-zinc-900">
              <strong>{category}</strong>: the team prefers {preferred.map((tool) => tool.name).join(', ')};
              the code uses {[...new Set(used.map((use) => use.tool.name))].join(', ')}.
            </p>
            <ul className="flex flex-col gap-0.5 text-xs text-zinc-600">
              {used.map(({ dependency, tool, matched_by }) => (
                <li
                  key={`${dependency.file}:${dependency.line}:${dependency.name}`}
                  className="flex flex-wrap gap-x-3"
                >
                  <span>
                    {dependency.name} ({tool.stance === 'avoid' ? 'avoided' : 'accepted'})
                  </span>
                  <Place dependency={dependency} />
                  <span>Matched by {MATCHED_BY[matched_by]}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}

type UnknownListProps = {
  items: Drift['unknown'];
  /** Submits the chosen URLs as tools; absent when the caller may not add tools. */
  onAdd?: (urls: string[]) => Promise<void>;
  adding: boolean;
};

export function UnknownList({ items, onAdd, adding }: UnknownListProps) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  // One URL per package: a monorepo declares the same package in many manifests.
  const urls = [...new Set(items.flatMap((item) => (item.add_url ? [item.add_url] : [])))];
  const toggle = (url: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });
  const add = async () => {
    if (!onAdd) return;
    await onAdd(urls.filter((url) => chosen.has(url)));
    setChosen(new Set());
  };
  return (
    <Section
      title="Not in the workspace"
      empty="Every dependency is a tool of the workspace."
      count={items.length}
    >
      {onAdd && urls.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="checkbox"
              checked={chosen.size === urls.length}
              onChange={(event) => setChosen(new Set(event.target.checked ? urls : []))}
            />
            Choose all
          </label>
          <Button onClick={() => void add()} disabled={chosen.size === 0 || adding}>
            {adding ? 'Adding…' : `Add as tools${chosen.size > 0 ? ` (${chosen.size})` : ''}`}
          </Button>
        </div>
      ) : null}
      <ul className="mt-3 divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white">
        {items.map(({ dependency, add_url }) => {
          const key = `${dependency.file}:${dependency.line}:${dependency.name}`;
          const label = (
            <span className="flex flex-col">
              <span className="text-sm break-all text-zinc-900">
                {dependency.name} <span className="text-xs text-zinc-600">{dependency.ecosystem}</span>
              </span>
              <Place dependency={dependency} />
            </span>
          );
          return (
            <li key={key} className="px-4 py-3">
              {onAdd && add_url ? (
                <label className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={chosen.has(add_url)}
                    onChange={() => toggle(add_url)}
                    aria-label={`Add ${dependency.name} as a tool`}
                  />
                  {label}
                </label>
              ) : (
                label
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
