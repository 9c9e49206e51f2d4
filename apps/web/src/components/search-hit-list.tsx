import { Link } from 'react-router';
import type { SearchResult } from '@stackyard/contracts/search';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';

type SearchHitListProps = {
  q: string;
  /** The plural the list is of, as in "No tools match" and "Error loading tools". */
  noun: 'tools' | 'resources';
  hits: { isPending: boolean; isError: boolean; error: Error | null; data: SearchResult[] | undefined };
  hrefOf: (hit: SearchResult) => string;
};

/** The tools and resources lists while their search box holds text: the workspace search's hits of that kind. */
export function SearchHitList({ q, noun, hits, hrefOf }: SearchHitListProps) {
  if (hits.isPending) return <StatusScreen text="Searching..." />;
  if (hits.isError || !hits.data) {
    return (
      <Alert>
        Error loading {noun}: {hits.error?.message}
      </Alert>
    );
  }
  if (hits.data.length === 0) {
    return (
      <p className="text-zinc-600">
        No {noun} match “{q}”.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {hits.data.map((hit) => (
        <li key={hit.id}>
          <Link
            to={hrefOf(hit)}
            className="block rounded-xl border border-zinc-200 bg-white p-4 hover:border-zinc-400"
          >
            <h2 className="font-semibold break-words text-zinc-950">{hit.title}</h2>
            {/* The API escapes the text; its only markup is <mark> around matched words. */}
            <p
              className="mt-1 text-sm text-zinc-600"
              dangerouslySetInnerHTML={{ __html: hit.snippet_html }}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
