import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';

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
 * Ctrl/⌘+K: search the current workspace and jump to what is found, or to one of its pages. A native modal
 * <dialog>: it keeps focus inside, Escape closes it, and focus goes back to where it was.
 */
export function CommandPalette({ workspace, open, onOpenChange, onNavigate }: CommandPaletteProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // What is typed before the palette's code has loaded, handed to it once it has.
  const [draft, setDraft] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // React's autoFocus ran while the dialog was still closed; the search field takes focus now.
      dialog.querySelector<HTMLInputElement>('input')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-label="Command palette"
      onClose={() => {
        setDraft('');
        onOpenChange(false);
        returnFocus.current?.focus();
        returnFocus.current = null;
      }}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className="mx-auto mt-[12vh] w-[calc(100%-2rem)] max-w-xl rounded-xl border border-zinc-200 bg-white p-0 shadow-2xl backdrop:bg-zinc-950/40"
    >
      {open && (
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
      )}
    </dialog>
  );
}
