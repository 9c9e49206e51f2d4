import { useCallback, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { WidgetBoundary } from '@/components/widget-boundary';
import { Wordmark } from '@/components/wordmark';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { CommandPalette } from '@/features/command-palette/components/command-palette';
import { PaletteButton } from '@/features/command-palette/components/palette-button';
import { usePaletteShortcut } from '@/features/command-palette/lib/use-palette-shortcut';
import { ThemePreference } from '@/features/profile/components/theme-preference';
import { LogoutButton } from '@/features/session/components/logout-button';
import { WorkspaceSwitcher } from '@/features/workspaces/components/workspace-switcher';
import { useCurrentWorkspace } from '@/features/workspaces/lib/use-current-workspace';

const sideLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-9 items-center rounded-lg px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
    isActive && 'bg-zinc-100 text-zinc-950',
  );

/** The frame of signed-in pages: a 64-unit sidebar on wide screens, a collapsible menu on narrow ones. */
export function AppFrame({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  // The narrow-screen menu belongs to the page it was opened on: following a link closes it.
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === here;
  return (
    <div className="flex min-h-dvh flex-col bg-white text-zinc-900 md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-30 focus:rounded-md focus:bg-zinc-900 focus:px-4 focus:py-2 focus:text-sm focus:text-white"
      >
        Skip to content
      </a>
      <div className="flex h-14 items-center justify-between border-b border-zinc-200 px-4 md:hidden">
        <Link to={paths.home.getHref()} className="text-zinc-950">
          <Wordmark />
        </Link>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={() => setOpenOn(menuOpen ? null : here)}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          Menu
        </button>
      </div>
      <aside
        id="app-sidebar"
        aria-label="Sidebar"
        className={cn(
          'w-full flex-col gap-6 border-b border-zinc-200 bg-zinc-50 p-4 md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:border-r md:border-b-0',
          menuOpen ? 'flex' : 'hidden',
        )}
      >
        <Link to={paths.home.getHref()} className="hidden text-zinc-950 md:inline-flex">
          <Wordmark />
        </Link>
        {sidebar}
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}

export function SidebarFooter() {
  return (
    <>
      <NavLink to={paths.settings.root.getHref()} className={sideLinkClass}>
        Settings
      </NavLink>
      <LogoutButton variant="ghost" className="h-9 justify-start px-3" />
      <ThemePreference className="h-9 justify-between px-3" />
    </>
  );
}

function MainSidebar({ onOpenPalette }: { onOpenPalette: () => void }) {
  const navigate = useNavigate();
  const { workspaces, workspace, currentId, setCurrentId } = useCurrentWorkspace();
  const owner = workspace?.owner_username;
  const links =
    workspace && owner
      ? [
          { label: 'Dashboard', to: paths.workspace.dashboard.getHref(owner, workspace.slug), end: true },
          { label: 'Projects', to: paths.workspace.projects.getHref(owner, workspace.slug), end: false },
          { label: 'Tools', to: paths.workspace.tools.getHref(owner, workspace.slug), end: false },
          { label: 'Resources', to: paths.workspace.resources.getHref(owner, workspace.slug), end: false },
          { label: 'Ideas', to: paths.workspace.suggestions.getHref(owner, workspace.slug), end: true },
          { label: 'Radar', to: paths.workspace.radar.getHref(owner, workspace.slug), end: true },
          {
            label: 'Needs attention',
            to: paths.workspace.needsAttention.getHref(owner, workspace.slug),
            end: true,
          },
          { label: 'AI export', to: paths.workspace.aiExport.getHref(owner, workspace.slug), end: true },
          { label: 'Drift', to: paths.workspace.drift.getHref(owner, workspace.slug), end: true },
        ]
      : [];
  return (
    <div className="flex flex-1 flex-col gap-6">
      <WidgetBoundary name="workspace switcher">
        <WorkspaceSwitcher
          workspaces={workspaces}
          currentId={currentId}
          onSelect={(selected) => {
            setCurrentId(selected.id);
            if (selected.owner_username) {
              navigate(paths.workspace.dashboard.getHref(selected.owner_username, selected.slug));
            }
          }}
          onManage={() => navigate(paths.settings.root.getHref('workspace'))}
        />
      </WidgetBoundary>
      <PaletteButton onClick={onOpenPalette} />
      <nav aria-label="Workspace">
        <ul className="flex flex-col gap-1">
          {links.map((link) => (
            <li key={link.label}>
              <NavLink to={link.to} end={link.end} className={sideLinkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto flex flex-col gap-1 border-t border-zinc-200 pt-4">
        <SidebarFooter />
      </div>
    </div>
  );
}

export function AppLayout() {
  const navigate = useNavigate();
  const { workspace } = useCurrentWorkspace();
  const [paletteOpen, setPaletteOpen] = useState(false);
  usePaletteShortcut(useCallback(() => setPaletteOpen((open) => !open), []));
  return (
    <AppFrame sidebar={<MainSidebar onOpenPalette={() => setPaletteOpen(true)} />}>
      <Outlet />
      <WidgetBoundary name="command palette">
        <CommandPalette
          workspace={workspace}
          open={paletteOpen}
          onOpenChange={setPaletteOpen}
          onNavigate={(href) => void navigate(href)}
        />
      </WidgetBoundary>
    </AppFrame>
  );
}
