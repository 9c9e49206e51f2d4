import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { SwitcherButton, type WorkspaceSwitcherProps } from './switcher-button';

// cmdk matches its item values by default; ours are ids, so match on name, slug and description instead.
function filterWorkspaces(_value: string, search: string, keywords?: string[]): number {
  const needle = search.trim().toLowerCase();
  if (!needle) return 1;
  return (keywords ?? []).some((keyword) => keyword.toLowerCase().includes(needle)) ? 1 : 0;
}

const MANAGE_VALUE = '__manage__';

/** A searchable list of the user's workspaces, 200px wide, with 'Manage workspaces' at the end. */
export function WorkspaceSwitcherMenu({
  workspaces,
  currentId,
  onSelect,
  onManage,
  defaultOpen = false,
}: WorkspaceSwitcherProps & { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const current = workspaces.find((workspace) => workspace.id === currentId);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <SwitcherButton current={current} open={open} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label="Switch workspace"
          className="z-50 w-[200px] rounded-lg border border-zinc-200 bg-white p-0 shadow-lg"
        >
          <Command filter={filterWorkspaces} label="Workspaces">
            <Command.Input
              placeholder="Search workspaces..."
              className="h-9 w-full border-b border-zinc-200 bg-transparent px-3 text-sm outline-none placeholder:text-zinc-500"
            />
            <Command.List className="max-h-64 overflow-y-auto p-1">
              <Command.Empty className="px-2 py-3 text-center text-sm text-zinc-600">
                No workspace found.
              </Command.Empty>
              <Command.Group>
                {workspaces.map((workspace) => (
                  <Command.Item
                    key={workspace.id}
                    value={workspace.id}
                    keywords={[workspace.name, workspace.slug, workspace.description ?? '']}
                    onSelect={() => {
                      setOpen(false);
                      onSelect(workspace);
                    }}
                    className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm data-[selected=true]:bg-zinc-100"
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 16 16"
                      data-testid={workspace.id === currentId ? 'current-workspace-check' : undefined}
                      className={cn(
                        'mt-0.5 size-4 shrink-0',
                        workspace.id === currentId ? 'opacity-100' : 'opacity-0',
                      )}
                    >
                      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-medium text-zinc-950">{workspace.name}</span>
                      {workspace.description && (
                        <span className="truncate text-xs text-zinc-600">{workspace.description}</span>
                      )}
                    </span>
                  </Command.Item>
                ))}
              </Command.Group>
              {/* A group, not a separator: a listbox may only hold options and groups (axe aria-required-children). */}
              <Command.Group className="mt-1 border-t border-zinc-200 pt-1">
                <Command.Item
                  value={MANAGE_VALUE}
                  keywords={['Manage workspaces']}
                  onSelect={() => {
                    setOpen(false);
                    onManage();
                  }}
                  className="cursor-pointer rounded-md px-2 py-1.5 text-sm text-zinc-800 data-[selected=true]:bg-zinc-100"
                >
                  Manage workspaces
                </Command.Item>
              </Command.Group>
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
