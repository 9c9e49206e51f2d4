import { queryOptions } from '@tanstack/react-query';
import type { UiContainer } from '@ory/client-fetch';
import {
  CSRF_MISSING,
  csrfTokenOf,
  fieldErrorOf,
  flowErrorMessages,
  identityFailure,
  type IdentityFailure,
} from './identity';

// The skeleton every self-service flow (login, registration, recovery, verification, settings) submits
// through: open the flow, post its form with its CSRF token, and read what the identity service answered.

/** What a submitted self-service form came to. */
export type FlowOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'redirect'; url: string }
  | { kind: 'failed'; messages: string[]; failure: IdentityFailure | null };

type FlowFailed = Extract<FlowOutcome<unknown>, { kind: 'failed' }>;

export const done = <T>(value: T): FlowOutcome<T> => ({ kind: 'done', value });

/** A failure the identity service answered with 2xx: a flow whose messages say why. */
export const failedWith = (messages: string[]): FlowFailed => ({ kind: 'failed', messages, failure: null });

/** A flow answered 2xx is done unless it carries error messages. */
export function doneUnlessMessages<T>(answer: unknown, value: T): FlowOutcome<T> {
  const messages = flowErrorMessages(answer);
  return messages.length ? failedWith(messages) : done(value);
}

/** The `error.id` of an error envelope (e.g. session_already_available, session_refresh_required). */
export function errorIdOf(body: Record<string, unknown> | undefined): string | undefined {
  const error = body?.error as { id?: unknown } | undefined;
  return typeof error?.id === 'string' ? error.id : undefined;
}

/** Messages of a failure: a returned flow's ui messages, else the error envelope's reason. */
function messagesOf(failure: IdentityFailure | null): string[] {
  if (!failure) return [];
  const fromFlow = flowErrorMessages(failure.body);
  if (fromFlow.length) return fromFlow;
  const error = failure.body.error as { reason?: unknown } | undefined;
  // 4xx envelopes carry a reason meant for people (e.g. the rate limit); 5xx ones say nothing useful.
  if (failure.status < 500 && typeof error?.reason === 'string') return [error.reason];
  return [];
}

/** Turns a thrown identity error into an outcome: a 422 is a redirect, anything else a failure. */
async function outcomeOfError(error: unknown): Promise<FlowOutcome<never>> {
  if (error instanceof Error && error.message === CSRF_MISSING) return failedWith([CSRF_MISSING]);
  const failure = await identityFailure(error);
  const redirect = failure?.body.redirect_browser_to;
  if (failure?.status === 422 && typeof redirect === 'string') return { kind: 'redirect', url: redirect };
  return { kind: 'failed', messages: messagesOf(failure), failure };
}

/** A flow that expired (410) or lost its CSRF cookie (403): a new one would be taken. */
function isStaleFlow(outcome: FlowOutcome<unknown>): boolean {
  return outcome.kind === 'failed' && (outcome.failure?.status === 410 || outcome.failure?.status === 403);
}

/**
 * A failure's message for the field `name` (shown next to it, where the user will look to fix it) and the
 * others (shown above the form).
 */
export function splitFieldError(
  outcome: FlowFailed,
  name: string,
): { fieldError: string | undefined; messages: string[] } {
  const fieldError = fieldErrorOf(outcome.failure?.body, name);
  return { fieldError, messages: outcome.messages.filter((message) => message !== fieldError) };
}

/** One submission of a flow of type F, answered A on success, that comes to a value T. */
interface FlowSubmission<F extends { id: string; ui: UiContainer }, A, T> {
  /** The flow to submit: a new one, or the one of a given id. */
  open: () => Promise<F>;
  /** Posts the flow's form, with the flow's id and CSRF token. */
  send: (flowId: string, csrfToken: string) => Promise<A>;
  /** What a 2xx answer comes to. */
  answered: (answer: A) => FlowOutcome<T>;
  /**
   * A stale flow (see isStaleFlow) is opened once more and submitted again; `forget` drops a kept one first.
   * Off for a flow given by id (the same id would fail the same way) and where a 403 means something else.
   */
  retryStale?: { forget?: () => void };
  /** The value a flow comes to when opening it finds the browser signed in already (another tab did it). */
  alreadySignedIn?: T;
}

export async function submitFlow<F extends { id: string; ui: UiContainer }, A, T>(
  submission: FlowSubmission<F, A, T>,
): Promise<FlowOutcome<T>> {
  const { open, send, answered, retryStale, alreadySignedIn } = submission;
  let outcome: FlowOutcome<T> = failedWith([]);
  for (let attempt = 0; attempt < (retryStale ? 2 : 1); attempt += 1) {
    let flow: F;
    try {
      flow = await open();
    } catch (error) {
      const opened = await outcomeOfError(error);
      const signedIn =
        opened.kind === 'failed' && errorIdOf(opened.failure?.body) === 'session_already_available';
      return signedIn && alreadySignedIn !== undefined ? done(alreadySignedIn) : opened;
    }
    try {
      return answered(await send(flow.id, csrfTokenOf(flow)));
    } catch (error) {
      outcome = await outcomeOfError(error);
      if (!isStaleFlow(outcome)) return outcome;
      retryStale?.forget?.();
    }
  }
  return outcome;
}

/**
 * A flow read by id for what it says (its messages, state, return_to): the flow of a page the identity
 * service sent the browser to with ?flow=. Null when it cannot be read (expired, unknown, another
 * browser's), and the page goes on without it. A flow is not data to refresh.
 */
export const givenFlowQueryOptions = <F>(queryKey: readonly unknown[], read: () => Promise<F>) =>
  queryOptions({
    queryKey,
    queryFn: async (): Promise<F | null> => {
      try {
        return await read();
      } catch {
        return null;
      }
    },
    staleTime: Infinity,
    gcTime: 0,
  });
