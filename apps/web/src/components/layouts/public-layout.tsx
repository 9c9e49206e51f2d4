import type { ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

// While the next screen's code loads, the current screen stays and a thin bar plus a status message say so.
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {busy ? 'Loading page…' : ''}
      </div>
      {busy && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-20 h-0.5 overflow-hidden bg-amber-100">
          <div className="h-full w-1/3 animate-progress bg-amber-500" />
        </div>
      )}
    </>
  );
}

export function PublicLayout({ signedInNav }: { signedInNav?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-zinc-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-30 focus:rounded-md focus:bg-zinc-900 focus:px-4 focus:py-2 focus:text-sm focus:text-white focus:outline-2 focus:outline-offset-2 focus:outline-amber-600"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <PublicHeader signedInNav={signedInNav} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
