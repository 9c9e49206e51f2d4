import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type CatalogListPageProps = {
  /** The page's heading and document title, e.g. "Tools". */
  title: string;
  /** The buttons beside the heading. */
  actions: ReactNode;
  search: string;
  onSearch: (text: string) => void;
  /** The filters after the search box. */
  filters: ReactNode;
  /** What sits between the filters and the list (e.g. a selection bar). */
  bar?: ReactNode;
  children: ReactNode;
};

/** The tools and resources pages: heading and actions, a search box and filters, then the list. */
export function CatalogListPage({
  title,
  actions,
  search,
  onSearch,
  filters,
  bar,
  children,
}: CatalogListPageProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <DocumentTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">{title}</h1>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <label className="flex min-w-60 flex-1 flex-col gap-1 text-sm font-medium text-zinc-900">
          Search {title.toLowerCase()}
          <Input
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            maxLength={200}
          />
        </label>
        {filters}
      </div>
      {bar}
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** The part of an infinite query a paged list reads. */
type PagedQuery<T> = {
  data?: { pages: Array<{ items: T[] }> } | undefined;
  isPending: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type PagedCardsProps<T> = {
  /** The plural shown while loading and in an error, e.g. "tools". */
  noun: string;
  query: PagedQuery<T>;
  keyOf: (item: T) => string;
  /** The empty list's heading, text and call to action. */
  empty: { title: string; text: string; action?: ReactNode };
  /** One card; it goes inside the list item. */
  card: (item: T) => ReactNode;
  itemClassName?: string;
};

/** A paged grid of cards with its loading, error and empty states and a "Load more" button. */
export function PagedCards<T>({ noun, query, keyOf, empty, card, itemClassName }: PagedCardsProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <StatusScreen text={`Loading ${noun}...`} />;
  if (query.error) return <Alert>{`Error loading ${noun}: ${query.error.message}`}</Alert>;
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
        <h2 className="text-lg font-semibold text-zinc-950">{empty.title}</h2>
        <p className="mt-2 text-zinc-600">{empty.text}</p>
        {empty.action}
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={keyOf(item)} className={itemClassName}>
            {card(item)}
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
