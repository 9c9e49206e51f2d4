import { useState } from 'react';
import { Link } from 'react-router';
import type { ItemSort } from '@stackyard/contracts/catalog';
import { COMPARE_MAX } from '@stackyard/contracts/compare';
import type { ToolStance } from '@stackyard/contracts/stack';
import type { Tag } from '@stackyard/contracts/tag';
import type { Tool } from '@stackyard/contracts/tool';
import { CatalogListPage, PagedCards } from '@/components/catalog-list';
import { HealthBadge } from '@/components/health-badge';
import { ItemIcon } from '@/components/item-icon';
import { SearchHitList } from '@/components/search-hit-list';
import { SortSelect, TagFilter } from '@/components/list-filters';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { StarRating } from '@/components/ui/star-rating';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTools, type ToolListFilters } from '../api/get-tools';
import { useSearchTools } from '../api/search-tools';
import { CompareBar } from './compare-bar';
import { BulkStanceBar, StanceBadge, StanceFilter } from './stance-controls';

type ToolsListProps = {
  workspaceId: string;
  /** The workspace's tags, for the filter. */
  tags: Tag[];
  toolHref: (slug: string) => string;
  /** The ingestion form, where a tool is added. */
  addToolHref: string;
  /** The AI-assistant export page, fed by the stances set here. */
  aiExportHref: string;
  canAdd: boolean;
  /** Editors and admins set stances in bulk. */
  canSetStance: boolean;
  /** The comparison page of the chosen tools' slugs. */
  compareHref: (slugs: string[]) => string;
  /** What the search box holds at first (the address's `?q=`). */
  initialSearch?: string;
};

/** What the selected tools are for: a bulk stance (editors) or a comparison (everyone). */
type SelectionMode = 'stance' | 'compare';

export function ToolsList({
  workspaceId,
  tags,
  toolHref,
  addToolHref,
  aiExportHref,
  canAdd,
  canSetStance,
  compareHref,
  initialSearch = '',
}: ToolsListProps) {
  const [sort, setSort] = useState<ItemSort>('recent');
  const [tag, setTag] = useState<string | null>(null);
  const [stance, setStance] = useState<ToolStance | null>(null);
  // What the selection is for (null outside selection mode) and the tools ticked so far.
  const [mode, setMode] = useState<SelectionMode | null>(null);
  const [selected, setSelected] = useState<Tool[]>([]);
  const toggleMode = (next: SelectionMode) => {
    setMode(mode === next ? null : next);
    setSelected([]);
  };
  const [search, setSearch] = useState(initialSearch);
  const q = useDebouncedValue(search.trim(), 250);

  return (
    <CatalogListPage
      title="Tools"
      actions={
        <>
          <LinkButton to={aiExportHref} variant="outline">
            AI export
          </LinkButton>
          <Button variant="outline" onClick={() => toggleMode('compare')}>
            {mode === 'compare' ? 'Cancel compare' : 'Compare tools'}
          </Button>
          {canSetStance && (
            <Button variant="outline" onClick={() => toggleMode('stance')}>
              {mode === 'stance' ? 'Done selecting' : 'Select tools'}
            </Button>
          )}
          {canAdd && <LinkButton to={addToolHref}>Add a tool</LinkButton>}
        </>
      }
      search={search}
      onSearch={setSearch}
      filters={
        <>
          <TagFilter tags={tags} value={tag} onChange={setTag} />
          <StanceFilter value={stance} onChange={setStance} />
          <SortSelect value={sort} onChange={setSort} />
        </>
      }
      bar={
        mode === 'stance' ? (
          <BulkStanceBar
            workspaceId={workspaceId}
            selected={selected.map((tool) => tool.workspace_tool_id)}
            onDone={() => toggleMode('stance')}
          />
        ) : (
          mode === 'compare' && <CompareBar selected={selected} compareHref={compareHref} />
        )
      }
    >
      {q ? (
        <SearchResults workspaceId={workspaceId} q={q} toolHref={toolHref} />
      ) : (
        <PagedTools
          workspaceId={workspaceId}
          filters={{ sort, tag, stance }}
          selection={
            mode && {
              tools: selected,
              max: mode === 'compare' ? COMPARE_MAX : null,
              onChange: setSelected,
            }
          }
          toolHref={toolHref}
          addToolHref={addToolHref}
          canAdd={canAdd}
        />
      )}
    </CatalogListPage>
  );
}

/** The checked tools; `max` caps how many (a comparison takes six at most). */
type Selection = { tools: Tool[]; max: number | null; onChange: (tools: Tool[]) => void };

function PagedTools({
  workspaceId,
  filters,
  selection,
  toolHref,
  addToolHref,
  canAdd,
}: {
  workspaceId: string;
  filters: ToolListFilters;
  selection: Selection | null;
  toolHref: (slug: string) => string;
  addToolHref: string;
  canAdd: boolean;
}) {
  const tools = useTools(workspaceId, filters);
  const filtered = filters.tag !== null || filters.stance !== null;
  return (
    <PagedCards
      noun="tools"
      query={tools}
      keyOf={(tool) => tool.workspace_tool_id}
      itemClassName="relative"
      empty={{
        title: filters.tag
          ? 'No tools with this tag'
          : filters.stance
            ? 'No tools with this stance'
            : 'No tools yet',
        text: canAdd
          ? 'Add a tool by its URL; its details are fetched for you.'
          : 'Editors and admins add tools.',
        action: canAdd && !filtered && (
          <LinkButton to={addToolHref} variant="outline" className="mt-4">
            Add your first tool
          </LinkButton>
        ),
      }}
      card={(tool) => (
        <>
          <ToolCard tool={tool} href={toolHref(tool.slug)} />
          {selection && <SelectTool tool={tool} selection={selection} />}
        </>
      )}
    />
  );
}

function ToolCard({ tool, href }: { tool: Tool; href: string }) {
  return (
    <Link
      to={href}
      className="flex h-full flex-col rounded-xl border border-zinc-200 bg-white p-5 shadow-xs hover:border-zinc-400"
    >
      <div className="flex items-center gap-3 pr-6">
        <ItemIcon name={tool.metadata.name ?? tool.slug} src={tool.metadata.media.icon} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-zinc-950">{tool.metadata.name ?? tool.slug}</h2>
          <p className="mt-0.5 truncate text-xs text-zinc-500">{tool.slug}</p>
        </div>
      </div>
      {tool.metadata.description && (
        <p className="mt-2 line-clamp-3 text-sm text-zinc-600">{tool.metadata.description}</p>
      )}
      <div className="mt-auto flex items-center justify-between gap-2 pt-3">
        <StarRating rating={tool.context.rating} />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <HealthBadge health={tool.health} />
          <StanceBadge stance={tool.stance} />
        </div>
      </div>
    </Link>
  );
}

// Beside the card's link rather than inside it: a checkbox in a link would also follow the link.
function SelectTool({ tool, selection }: { tool: Tool; selection: Selection }) {
  const id = tool.workspace_tool_id;
  const { tools, max, onChange } = selection;
  const checked = tools.some((other) => other.workspace_tool_id === id);
  const full = max !== null && tools.length >= max;
  return (
    <input
      type="checkbox"
      aria-label={`Select ${tool.metadata.name ?? tool.slug}`}
      checked={checked}
      disabled={!checked && full}
      onChange={() =>
        onChange(checked ? tools.filter((other) => other.workspace_tool_id !== id) : [...tools, tool])
      }
      className="absolute top-4 right-4 size-5 disabled:opacity-40"
    />
  );
}

function SearchResults({
  workspaceId,
  q,
  toolHref,
}: {
  workspaceId: string;
  q: string;
  toolHref: (slug: string) => string;
}) {
  const results = useSearchTools(workspaceId, q);
  return <SearchHitList q={q} noun="tools" hits={results} hrefOf={(hit) => toolHref(hit.slug ?? '')} />;
}
