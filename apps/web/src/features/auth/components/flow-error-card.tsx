import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import {
  FLOW_ERROR_UNAVAILABLE,
  FLOW_ERROR_UNKNOWN,
  isFlowErrorId,
  useFlowError,
} from '../api/get-flow-error';
import { AuthCard, FormMessages } from './auth-card';

/**
 * What went wrong in a sign-in (or another self-service step) the identity service could not finish in the
 * browser: it stores the error and sends the browser to /error?id=, where this card reads it.
 */
export function FlowErrorCard({ errorId, signedIn }: { errorId: string | null; signedIn: boolean }) {
  const flowError = useFlowError(errorId);
  const asked = isFlowErrorId(errorId);

  let details: ReactNode;
  if (asked && flowError.isPending) {
    details = (
      <p role="status" className="flex items-center gap-3 text-sm text-zinc-600">
        <Spinner />
        <span>Loading the details…</span>
      </p>
    );
  } else if (asked && flowError.isError) {
    details = <p className="text-sm text-zinc-600">{FLOW_ERROR_UNAVAILABLE}</p>;
  } else if (asked && flowError.data) {
    details = <FormMessages messages={[flowError.data]} />;
  } else {
    details = <p className="text-sm text-zinc-600">{FLOW_ERROR_UNKNOWN}</p>;
  }

  return (
    <AuthCard title="Something went wrong">
      <div className="flex flex-col gap-6">
        {details}
        <div className="flex flex-col gap-3">
          <LinkButton to={paths.auth.login.getHref()}>Back to sign in</LinkButton>
          {signedIn && (
            <LinkButton to={paths.home.getHref()} variant="outline">
              Go to the home page
            </LinkButton>
          )}
        </div>
      </div>
    </AuthCard>
  );
}
