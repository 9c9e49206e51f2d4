import { LinkButton } from '@/components/ui/link-button';
import { AuthCard, FormMessages } from './auth-card';

/**
 * A signed-in user whose confirmation (a refresh login, e.g. with GitHub) was refused: the identity service
 * sends the browser to /login?flow= with the reason. They stay signed in; this says so and leads back.
 */
export function ReauthenticationFailed({
  messages,
  backTo,
  backLabel,
}: {
  messages: string[];
  /** A path of the app: where the confirmation was asked for. */
  backTo: string;
  backLabel: string;
}) {
  return (
    <AuthCard
      title="Could not confirm it is you"
      description="You are still signed in. To confirm it is you, use the same account you signed in with."
    >
      <div className="flex flex-col gap-6">
        <FormMessages messages={messages} />
        <LinkButton to={backTo}>{backLabel}</LinkButton>
      </div>
    </AuthCard>
  );
}
