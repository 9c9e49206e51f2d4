import { Alert } from './alert';

type FailureAlertProps = {
  /** The failed request's error; nothing shows while it is null. */
  error: Error | null;
  /** Shown when the error has no message of its own. */
  fallback: string;
};

/** Why a form's request failed: the server's message, or the form's own wording. */
export function FailureAlert({ error, fallback }: FailureAlertProps) {
  if (!error) return null;
  return <Alert>{error.message || fallback}</Alert>;
}
