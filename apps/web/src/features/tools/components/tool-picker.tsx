import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import { useTools } from '../api/get-tools';
import { useSearchTools } from '../api/search-tools';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';

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

/**
 * "Add a tool": an ARIA combobox over the workspace's tools. Empty, it offers the tools by name; typed, the
 * workspace search. Arrows move through the options, Enter or a click adds one, Escape closes the list.
 */
export function ToolPicker({ workspaceId, exclude, onPick, disabled = false }: ToolPickerProps) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
  const expanded = open && !disabled;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (option: Option) => {
    onPick(option.slug);
    setText('');
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (!open || current < 0) return step === 1 ? 0 : options.length - 1;
        return (current + step + options.length) % options.length;
      });
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const option = options[active];
      if (!option) return;
      event.preventDefault();
      choose(option);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative flex min-w-56 flex-1 flex-col gap-1.5 sm:max-w-sm">
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-900">
        Add a tool
      </label>
      <Input
        id={inputId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={disabled ? 'Six tools at most' : 'Search the workspace’s tools'}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Workspace tools"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg"
      >
        {expanded && options.length === 0 && (
          <li role="presentation" className="px-2 py-1.5 text-sm text-zinc-600">
            {loading ? 'Loading...' : 'No other tools match.'}
          </li>
        )}
        {expanded &&
          options.map((option, index) => (
            <li
              key={option.slug}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-baseline gap-2 rounded-md px-2 py-1.5 text-sm',
                index === active && 'bg-zinc-100',
              )}
            >
              <span className="font-medium text-zinc-950">{option.name}</span>
              <span className="truncate text-xs text-zinc-500">{option.slug}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
