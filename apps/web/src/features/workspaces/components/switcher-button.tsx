import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { cn } from '@/lib/cn';

export type WorkspaceSwitcherProps = {
  workspaces: readonly WorkspaceListItem[];
  currentId: string | null;
  onSelect: (workspace: WorkspaceListItem) => void;
  onManage: () => void;
};

/** The button that opens the workspace list, showing the current workspace's name. */
export const SwitcherButton = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & { current: WorkspaceListItem | undefined; open: boolean }
>(function SwitcherButton({ current, open, className, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      role="combobox"
      aria-expanded={open}
      aria-label="Workspace"
      className={cn(
        'flex h-10 w-[200px] items-center justify-between gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-left text-sm shadow-xs',
        'hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
        className,
      )}
      {...props}
    >
      <span className={cn('truncate', !current && 'text-zinc-600')}>
        {current ? current.name : 'Select workspace...'}
      </span>
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0 text-zinc-500">
        <path d="M5 6l3-3 3 3M5 10l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </button>
  );
});
