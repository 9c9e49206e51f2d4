import { useState } from 'react';
import { SearchCombobox } from '@/components/search-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTools } from '../api/get-tools';
import { useSearchTools } from '../api/search-tools';

type ToolPickerProps = {
  workspaceId: string;
  /** Slugs already compared: not offered again. */
  exclude: readonly string[];
  onPick: (slug: string) => void;
  disabled?: boolean;
};

type Option = { slug: string; name: string };

const SEARCH_DEBOUNCE_MS = 200;
const MAX_OPTIONS = 12;

/** "Add a tool" over the workspace's tools. Empty, it offers the tools by name; typed, the workspace search. */
export function ToolPicker({ workspaceId, exclude, onPick, disabled = false }: ToolPickerProps) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const byName = useTools(workspaceId, { sort: 'name', tag: null, stance: null });
  const search = useSearchTools(workspaceId, q);
  const all: Option[] = q
    ? (search.data ?? []).flatMap((result) =>
        result.slug ? [{ slug: result.slug, name: result.title }] : [],
      )
    : (byName.data?.pages.flatMap((page) => page.items) ?? []).map((tool) => ({
        slug: tool.slug,
        name: tool.metadata.name ?? tool.slug,
      }));
  const options = all.filter((option) => !exclude.includes(option.slug)).slice(0, MAX_OPTIONS);
  const loading = q ? search.isFetching : byName.isPending;

  return (
    <SearchCombobox
      label="Add a tool"
      listLabel="Workspace tools"
      className="min-w-56 flex-1 sm:max-w-sm"
      text={text}
      onTextChange={setText}
      options={options}
      keyOf={(option) => option.slug}
      onChoose={(option) => {
        onPick(option.slug);
        setText('');
      }}
      empty={loading ? 'Loading...' : 'No other tools match.'}
      openOnFocus
      stayOpen
      inputProps={{
        disabled,
        placeholder: disabled ? 'Six tools at most' : 'Search the workspace’s tools',
      }}
      renderOption={(option) => (
        <>
          <span className="font-medium text-zinc-950">{option.name}</span>
          <span className="truncate text-xs text-zinc-500">{option.slug}</span>
        </>
      )}
    />
  );
}
