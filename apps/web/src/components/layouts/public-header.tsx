import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ThemeSelect } from '@/components/theme-select';
import { Wordmark } from '@/components/wordmark';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'bg-zinc-100 text-zinc-950');

// Logged out it offers Home, About and Login; logged in, the app passes its own links (Settings,
// Logout) as `signedInNav`, so this component needs no knowledge of the session.
export function PublicHeader({ signedInNav }: { signedInNav?: ReactNode }) {
  return (
    <header className="sticky top-0 z-10 border-b border-zinc-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={paths.home.getHref()}
          className="flex items-center rounded-md text-zinc-950 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-600"
        >
          <Wordmark />
        </Link>
        {/* A narrow screen has no room beside the links: the footer carries the switch there. */}
        <ThemeSelect hideLabel className="ml-auto hidden sm:flex" />
        <nav aria-label="Main">
          {signedInNav ?? (
            <ul className="flex items-center gap-1 sm:gap-2">
              <li>
                <NavLink to={paths.home.getHref()} end className={navLinkClass}>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.about.getHref()} className={navLinkClass}>
                  About
                </NavLink>
              </li>
              <li>
                <NavLink
                  to={paths.auth.login.getHref()}
                  className={buttonVariants({ variant: 'primary', size: 'sm', className: 'ml-1 sm:ml-2' })}
                >
                  Login
                </NavLink>
              </li>
            </ul>
          )}
        </nav>
      </div>
    </header>
  );
}
