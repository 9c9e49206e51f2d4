import {
  CSRF_MISSING,
  fieldErrorOf,
  flowErrorMessages,
  identityFailure,
  type IdentityFailure,
} from '@/lib/identity';

/** What a submitted self-service form came to. */
export type FlowOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'redirect'; url: string }
  | { kind: 'failed'; messages: string[]; failure: IdentityFailure | null };

export function errorIdOf(body: Record<string, unknown>): string | undefined {
  const error = body.error as { id?: unknown } | undefined;
  return typeof error?.id === 'string' ? error.id : undefined;
}

/** Messages of a failure: a returned flow's ui messages, else the error envelope's reason. */
export function messagesOf(failure: IdentityFailure | null): string[] {
  if (!failure) return [];
  const fromFlow = flowErrorMessages(failure.body);
  if (fromFlow.length) return fromFlow;
  const error = failure.body.error as { reason?: unknown; message?: unknown } | undefined;
  // 4xx envelopes carry a reason meant for people (e.g. the rate limit); 5xx ones say nothing useful.
  if (failure.status < 500 && typeof error?.reason === 'string') return [error.reason];
  return [];
}

/** Turns a thrown SDK error into an outcome: a 422 is a redirect, anything else a failure with messages. */
export async function outcomeOfError(error: unknown): Promise<FlowOutcome<never>> {
  if (error instanceof Error && error.message === CSRF_MISSING) {
    return { kind: 'failed', messages: [CSRF_MISSING], failure: null };
  }
  const failure = await identityFailure(error);
  const redirect = failure?.body.redirect_browser_to;
  if (failure?.status === 422 && typeof redirect === 'string') return { kind: 'redirect', url: redirect };
  return { kind: 'failed', messages: messagesOf(failure), failure };
}

/** A flow that expired (410) or lost its CSRF cookie (403) is replaced by a new one and submitted again. */
export function isStaleFlow(outcome: FlowOutcome<unknown>): boolean {
  return outcome.kind === 'failed' && (outcome.failure?.status === 410 || outcome.failure?.status === 403);
}

/**
 * A failure's message for the field `name` (shown next to it, where the user will look to fix it) and the
 * others (shown above the form).
 */
export function splitFieldError(
  outcome: Extract<FlowOutcome<unknown>, { kind: 'failed' }>,
  name: string,
): { fieldError: string | undefined; messages: string[] } {
  const fieldError = fieldErrorOf(outcome.failure?.body, name);
  return { fieldError, messages: outcome.messages.filter((message) => message !== fieldError) };
}
