import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { WidgetBoundary } from '@/components/widget-boundary';
import { cn } from '@/lib/cn';

/** What a panel needs of a query: its data once there, else its error, else it is loading. */
export type QueryState<T> = { data: T | undefined; error: Error | null };

export function PanelLoading({ text, className }: { text: string; className?: string }) {
  return (
    <p role="status" className={cn('flex items-center gap-2 text-sm text-zinc-600', className)}>
      <Spinner />
      {text}
    </p>
  );
}

/**
 * A dashboard panel of the latest few of something, with a link to all of them. It loads, fails and (should an
 * item fail to render) breaks on its own, leaving the other panels shown.
 */
export function RecentPanel<T>({
  thing,
  allHref,
  allLabel,
  emptyText = `No ${thing} yet.`,
  query,
  render,
}: {
  /** For the title 'Recent {thing}', 'Loading {thing}...' and 'Error loading {thing}: {message}'. */
  thing: string;
  allHref: string;
  allLabel: string;
  emptyText?: string;
  query: QueryState<T[]>;
  render: (item: T) => ReactNode;
}) {
  const headingId = useId();
  return (
    <WidgetBoundary name={`recent ${thing}`}>
      <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-zinc-200 p-5">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id={headingId} className="font-semibold text-zinc-950">
            {`Recent ${thing}`}
          </h2>
          <Link
            to={allHref}
            className="text-sm text-zinc-700 underline underline-offset-4 hover:text-zinc-950"
          >
            {allLabel}
          </Link>
        </div>
        <div className="mt-3">
          <PanelList query={query} thing={thing} emptyText={emptyText} render={render} />
        </div>
      </section>
    </WidgetBoundary>
  );
}

function PanelList<T>({
  query,
  thing,
  emptyText,
  render,
}: {
  query: QueryState<T[]>;
  thing: string;
  emptyText: string;
  render: (item: T) => ReactNode;
}) {
  if (!query.data) {
    if (query.error) return <Alert>{`Error loading ${thing}: ${query.error.message}`}</Alert>;
    return <PanelLoading text={`Loading ${thing}...`} />;
  }
  if (query.data.length === 0) return <p className="text-sm text-zinc-600">{emptyText}</p>;
  return <ul className="divide-y divide-zinc-100">{query.data.map(render)}</ul>;
}

export const panelItemClass = 'flex items-center justify-between gap-3 py-2 text-sm';

/** A row naming an item (after its icon, if given) with a link to its page, and a detail (rating, date) at the end. */
export function PanelLinkItem({
  href,
  name,
  icon,
  children,
}: {
  href: string;
  name: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={panelItemClass}>
      <Link to={href} className="flex min-w-0 items-center gap-2 font-medium text-zinc-950 hover:underline">
        {icon}
        <span className="truncate">{name}</span>
      </Link>
      {children}
    </li>
  );
}
