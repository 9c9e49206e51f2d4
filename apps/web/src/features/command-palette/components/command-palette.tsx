import { lazy, Suspense, useState } from 'react';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { Dialog } from '@/components/ui/dialog';

// The search and its list (cmdk) load the first time the palette opens, not with every page.
const PaletteBody = lazy(() => import('./palette-body').then((module) => ({ default: module.PaletteBody })));

type CommandPaletteProps = {
  /** The workspace searched and navigated; without one only Settings is offered. */
  workspace: WorkspaceListItem | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate: (href: string) => void;
};

/**
 * Ctrl/⌘+K: search the current workspace and jump to what is found, or to one of its pages, in a modal dialog
 * that a click beside it closes too.
 */
export function CommandPalette({ workspace, open, onOpenChange, onNavigate }: CommandPaletteProps) {
  // What is typed before the palette's code has loaded, handed to it once it has.
  const [draft, setDraft] = useState('');

  return (
    <Dialog
      open={open}
      label="Command palette"
      closeOnBackdrop
      onClose={() => {
        setDraft('');
        onOpenChange(false);
      }}
      className="mt-[12vh] w-[calc(100%-2rem)] max-w-xl p-0 shadow-2xl"
    >
      <Suspense
        fallback={
          <div className="border-b border-zinc-200 px-4">
            <input
              autoFocus
              aria-label="Search the workspace"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={200}
              placeholder={workspace ? `Search ${workspace.name} or jump to...` : 'Jump to...'}
              className="h-12 w-full bg-transparent text-sm text-zinc-950 outline-none placeholder:text-zinc-500"
            />
          </div>
        }
      >
        <PaletteBody
          workspace={workspace}
          initialText={draft}
          onChoose={(href) => {
            onOpenChange(false);
            onNavigate(href);
          }}
        />
      </Suspense>
    </Dialog>
  );
}
