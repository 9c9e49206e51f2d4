import { ExternalLink } from '@/components/ui/external-link';
import { useRef } from 'react';
import { Link } from 'react-router';
import {
  compareGroupSchema,
  formatCompareValue,
  type CompareGroup,
  type CompareResponse,
  type CompareRow,
  type CompareTool,
  type CompareValue,
} from '@stackyard/contracts/compare';
import { StarRating } from '@/components/ui/star-rating';
import { timeAgo } from '@/lib/relative-time';
import { PinnedToolNames } from './pinned-tool-names';
import { ToolTile } from './tool-tile';

export const GROUP_TITLE: Record<CompareGroup, string> = {
  overview: 'Overview',
  adoption: 'Adoption',
  maintenance: 'Maintenance',
  team: 'Team’s view',
};

type CompareTableProps = {
  comparison: CompareResponse;
  differencesOnly: boolean;
  toolHref: (slug: string) => string;
  onRemove: (slug: string) => void;
};

/**
 * The tools side by side: one column per tool, one row per fact, grouped. The page scrolls the table up and
 * down, the tool names pinned at the top (PinnedToolNames); the fact names stay pinned on the left while the
 * columns scroll sideways; on a phone each column snaps into view, so the tools swipe past one at a time.
 */
export function CompareTable({ comparison, differencesOnly, toolHref, onRemove }: CompareTableProps) {
  const { tools } = comparison;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const groups = compareGroupSchema.options
    .map((group) => ({
      group,
      rows: comparison.rows.filter((row) => row.group === group && (!differencesOnly || row.differs)),
    }))
    .filter(({ rows }) => rows.length > 0);
  if (groups.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center text-zinc-600">
        These tools do not differ on any fact.
      </p>
    );
  }
  return (
    <>
      <p className="mb-2 text-sm text-zinc-600 sm:hidden">Swipe sideways to see all {tools.length} tools.</p>
      <PinnedToolNames tools={tools} scrollerRef={scrollerRef} tableRef={tableRef} />
      <div
        ref={scrollerRef}
        role="region"
        aria-label="Comparison table"
        tabIndex={0}
        className="snap-x snap-mandatory scroll-pl-32 overflow-x-auto rounded-xl border border-zinc-200 sm:snap-none sm:scroll-pl-48"
      >
        <table ref={tableRef} className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">
            {tools.map((tool) => tool.overview.name).join(' compared with ')}
          </caption>
          <thead>
            <tr>
              <td className="sticky left-0 z-30 w-32 min-w-32 border-b border-zinc-200 bg-white sm:w-48 sm:min-w-48" />
              {tools.map((tool) => (
                <ToolHeader
                  key={tool.workspace_tool_id}
                  tool={tool}
                  href={toolHref(tool.slug)}
                  onRemove={onRemove}
                />
              ))}
            </tr>
          </thead>
          {groups.map(({ group, rows }) => (
            <tbody key={group}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={tools.length + 1}
                  className="border-b border-zinc-200 bg-zinc-50 px-3 py-2 text-left text-xs font-semibold tracking-wide text-zinc-700 uppercase"
                >
                  <span className="sticky left-3">{GROUP_TITLE[group]}</span>
                </th>
              </tr>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th
                    scope="row"
                    className="sticky left-0 z-10 border-b border-zinc-200 bg-white p-3 text-left align-top font-medium text-zinc-900"
                  >
                    {row.label}
                  </th>
                  {tools.map((tool) => (
                    <ValueCell key={tool.workspace_tool_id} row={row} tool={tool} />
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </>
  );
}

function ToolHeader({
  tool,
  href,
  onRemove,
}: {
  tool: CompareTool;
  href: string;
  onRemove: (slug: string) => void;
}) {
  const { name, icon_url: iconUrl } = tool.overview;
  const refreshed = tool.facts.refreshed_at;
  return (
    <th
      scope="col"
      className="min-w-52 snap-start border-b border-zinc-200 bg-white p-3 text-left align-top font-normal sm:min-w-48"
    >
      <div className="flex items-start gap-2">
        <ToolTile name={name} iconUrl={iconUrl} />
        <div className="min-w-0 flex-1">
          <Link to={href} className="block truncate font-semibold text-zinc-950 hover:underline">
            {name}
          </Link>
          <p className="text-xs text-zinc-500">
            {refreshed ? `Facts ${timeAgo(refreshed)}` : 'No facts fetched yet'}
          </p>
        </div>
        <button
          type="button"
          aria-label={`Remove ${name}`}
          onClick={() => onRemove(tool.slug)}
          className="rounded-md px-1.5 text-lg leading-none text-zinc-500 hover:bg-zinc-100 hover:text-zinc-950 focus-visible:outline-2 focus-visible:outline-amber-600"
        >
          ×
        </button>
      </div>
    </th>
  );
}

function ValueCell({ row, tool }: { row: CompareRow; tool: CompareTool }) {
  const value = row.values[tool.workspace_tool_id] ?? null;
  // Marked only where the tools differ: when all tie, nobody is better.
  const best = row.differs && (row.best?.includes(tool.workspace_tool_id) ?? false);
  return (
    <td data-best={best || undefined} className="border-b border-zinc-200 p-3 align-top text-zinc-800">
      <Value row={row} value={value} />
      {best && <BestMark />}
    </td>
  );
}

function Value({ row, value }: { row: CompareRow; value: CompareValue }) {
  if (row.kind === 'rating') return <StarRating rating={typeof value === 'number' ? value : null} />;
  if (typeof value === 'string' && /^https?:\/\//.test(value)) {
    return (
      <ExternalLink
        href={value}
        className="break-all underline decoration-zinc-300 underline-offset-4 hover:decoration-zinc-900"
      >
        {value.replace(/^https?:\/\//, '')}
      </ExternalLink>
    );
  }
  const text = formatCompareValue(row.kind, value);
  if (row.kind === 'date' && typeof value === 'string') {
    return (
      <time dateTime={value} title={value}>
        {text} <span className="text-zinc-500">({timeAgo(value)})</span>
      </time>
    );
  }
  return <span className="break-words">{text}</span>;
}

/** Not by colour alone: an icon and the word. */
function BestMark() {
  return (
    <span className="ml-2 inline-flex items-center gap-1 rounded-full border border-emerald-300 bg-emerald-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800">
      <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3" fill="currentColor">
        <path d="M8 1.5l1.9 3.9 4.3.6-3.1 3 .7 4.3L8 11.3l-3.8 2 .7-4.3-3.1-3 4.3-.6z" />
      </svg>
      Best
    </span>
  );
}
