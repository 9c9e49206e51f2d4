import { useSearchParams } from 'react-router';
import { FlowErrorCard } from '@/features/auth/components/flow-error-card';
import { useSession } from '@/features/session/api/get-session';

// Public: the identity service sends a browser here (/error?id=) whether or not it is signed in.
export function FlowErrorRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  return <FlowErrorCard errorId={params.get('id')} signedIn={session.isAuthenticated} />;
}
