import { useState } from 'react';
import type { LoginFlow } from '@ory/client-fetch';
import { Button } from '@/components/ui/button';
import { confirmMethodsOf, useConfirmWithProvider } from '../api/reauthenticate';
import { Messages } from './messages';

/**
 * Re-authentication of an account without a password: it signs in again with its provider (the refresh
 * flow offers only the providers linked to it). That leaves the app and comes back to this page with the
 * session renewed; the new password typed before is not carried along (it is kept nowhere), so the user
 * sets it once back.
 */
export function ConfirmWithProvider({ flow, onCancel }: { flow: LoginFlow; onCancel: () => void }) {
  const { providers } = confirmMethodsOf(flow);
  const confirm = useConfirmWithProvider();
  const [leaving, setLeaving] = useState<string | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const chosen = leaving ?? (confirm.isPending ? confirm.variables.provider : null);

  const signIn = async (provider: string) => {
    setMessages([]);
    const outcome = await confirm.mutateAsync({ flow, provider });
    if (outcome.kind === 'redirect') {
      // The button stays busy until the browser has left for the provider.
      setLeaving(provider);
      window.location.assign(outcome.url);
    } else {
      setMessages(outcome.messages);
    }
  };

  return (
    <>
      <Messages messages={messages} />
      <p className="text-sm text-zinc-600">
        You will come back to this page, signed in again, and can then set your password.
      </p>
      {providers.map((provider, index) => (
        <Button
          key={provider.id}
          variant="outline"
          autoFocus={index === 0}
          disabled={chosen !== null}
          onClick={() => void signIn(provider.id)}
        >
          {chosen === provider.id ? 'Redirecting…' : `${provider.label} again`}
        </Button>
      ))}
      <div className="flex justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
