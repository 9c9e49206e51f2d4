import { Command } from 'cmdk';
import { useState } from 'react';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { ItemIcon } from '@/components/item-icon';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useWorkspaceSearch } from '../api/search-workspace';
import { resultHref } from '../lib/result-href';
import { parseSnippet } from '../lib/snippet';

const SEARCH_DEBOUNCE_MS = 200;

type NavCommand = { label: string; href: string };

function navCommands(workspace: WorkspaceListItem | undefined): NavCommand[] {
  const owner = workspace?.owner_username;
  const inWorkspace: NavCommand[] =
    workspace && owner
      ? [
          { label: 'Dashboard', href: paths.workspace.dashboard.getHref(owner, workspace.slug) },
          { label: 'Projects', href: paths.workspace.projects.getHref(owner, workspace.slug) },
          { label: 'Tools', href: paths.workspace.tools.getHref(owner, workspace.slug) },
          { label: 'Resources', href: paths.workspace.resources.getHref(owner, workspace.slug) },
          { label: 'Tool ingestions', href: paths.workspace.toolIngestions.getHref(owner, workspace.slug) },
        ]
      : [];
  return [...inWorkspace, { label: 'Settings', href: paths.settings.root.getHref() }];
}

const kindLabel = { tool: 'Tool', resource: 'Resource', project: 'Project', comment: 'Comment' } as const;

/** The palette's search and its results; loaded the first time the palette opens. */
export function PaletteBody({
  workspace,
  initialText,
  onChoose,
}: {
  workspace: WorkspaceListItem | undefined;
  /** What was typed while this code was loading. */
  initialText: string;
  onChoose: (href: string) => void;
}) {
  const [text, setText] = useState(initialText);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useWorkspaceSearch(workspace?.id ?? null, q);
  const needle = text.trim().toLowerCase();
  const commands = navCommands(workspace).filter((command) => command.label.toLowerCase().includes(needle));
  const searching = needle.length > 0 && (q !== text.trim() || search.isFetching);
  const results = needle.length > 0 && workspace ? (search.data ?? []) : [];

  return (
    <Command shouldFilter={false} label="Search the workspace" loop>
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4">
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0 text-zinc-500">
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        <Command.Input
          autoFocus
          value={text}
          onValueChange={setText}
          // Typing goes on after what was typed while the palette loaded.
          onFocus={(event) => event.currentTarget.setSelectionRange(text.length, text.length)}
          maxLength={200}
          placeholder={workspace ? `Search ${workspace.name} or jump to...` : 'Jump to...'}
          className="h-12 w-full bg-transparent text-sm text-zinc-950 outline-none placeholder:text-zinc-500"
        />
      </div>
      <Command.List className="max-h-[60vh] overflow-y-auto p-2">
        {searching && results.length === 0 && (
          <Command.Loading>
            <p className="px-2 py-3 text-sm text-zinc-600">Searching...</p>
          </Command.Loading>
        )}
        {search.isError && needle.length > 0 && (
          <p role="alert" className="px-2 py-3 text-sm text-red-800">
            Error loading results: {search.error.message}
          </p>
        )}
        {!searching && !search.isError && (
          <Command.Empty className="px-2 py-3 text-sm text-zinc-600">No results found.</Command.Empty>
        )}
        {results.length > 0 && workspace && (
          <Command.Group heading="Results" className={groupClass}>
            {results.map((result) => {
              const href = resultHref(workspace, result);
              if (!href) return null;
              return (
                <Command.Item
                  key={`${result.kind}:${result.id}`}
                  value={`${result.kind}:${result.id}`}
                  onSelect={() => onChoose(href)}
                  className={itemClass}
                >
                  {(result.kind === 'tool' || result.kind === 'resource') && (
                    <ItemIcon size="sm" name={result.title} src={result.icon} />
                  )}
                  <span className="flex min-w-0 flex-col">
                    <span className="flex items-baseline gap-2">
                      <span className="shrink-0 text-xs font-medium text-zinc-600">
                        {kindLabel[result.kind]}
                      </span>
                      <span className="truncate font-medium text-zinc-950">{result.title}</span>
                    </span>
                    <Snippet html={result.snippet_html} />
                  </span>
                </Command.Item>
              );
            })}
          </Command.Group>
        )}
        {commands.length > 0 && (
          <Command.Group heading="Go to" className={groupClass}>
            {commands.map((command) => (
              <Command.Item
                key={command.label}
                value={`go:${command.label}`}
                onSelect={() => onChoose(command.href)}
                className={itemClass}
              >
                {command.label}
              </Command.Item>
            ))}
          </Command.Group>
        )}
      </Command.List>
      <p className="border-t border-zinc-200 px-4 py-2 text-xs text-zinc-600">
        <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to move ·{' '}
        <kbd className="font-sans">Enter</kbd> to open · <kbd className="font-sans">Esc</kbd> to close
      </p>
    </Command>
  );
}

const groupClass =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-zinc-600';
const itemClass = cn(
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-zinc-900',
  'data-[selected=true]:bg-zinc-100',
);

function Snippet({ html }: { html: string }) {
  const parts = parseSnippet(html);
  if (parts.length === 0) return null;
  return (
    <span className="line-clamp-2 text-xs text-zinc-600">
      {parts.map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-zinc-950">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
