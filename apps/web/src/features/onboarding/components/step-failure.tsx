import { Alert } from '@/components/ui/alert';

/** An onboarding step's failure: the step's own sentence, then the server's message when it gave one. */
export function StepFailure({ error, text }: { error: Error | null; text: string }) {
  if (!error) return null;
  return (
    <Alert>
      <p>{text}</p>
      {error.message && <p className="mt-1 text-red-700">{error.message}</p>}
    </Alert>
  );
}
