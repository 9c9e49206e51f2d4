import { NavLink } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { useSession } from '@/features/session/api/get-session';
import { LogoutButton } from '@/features/session/components/logout-button';

/** The public pages' frame, with the header's signed-in links when there is a session. */
export function PublicRoot() {
  const { isAuthenticated, isPending } = useSession();
  // Until whoami answers, the header shows no links rather than the wrong ones.
  const signedInNav = isPending ? (
    <span />
  ) : isAuthenticated ? (
    <ul className="flex items-center gap-1 sm:gap-2">
      <li>
        <NavLink
          to={paths.settings.root.getHref()}
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        >
          Settings
        </NavLink>
      </li>
      <li>
        <LogoutButton variant="primary" size="sm" className="ml-1 sm:ml-2" />
      </li>
    </ul>
  ) : undefined;
  return <PublicLayout signedInNav={signedInNav} />;
}
