import { AppError } from '@stackyard/contracts/problem';
import type { Actor } from '../auth/authenticate.ts';

export const ACCOUNT_SESSION_ONLY =
  'Exporting your data and deleting your account need you signed in to the app: an access token cannot do either.';

/** A leaked access token must not be enough to take a person's whole data or to delete their account. */
export function requireSession(actor: Actor): void {
  if (actor.credential !== 'session_jwt') throw new AppError('forbidden', ACCOUNT_SESSION_ONLY);
}
