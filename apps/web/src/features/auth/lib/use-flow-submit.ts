import { useState } from 'react';
import { splitFieldError, type FlowOutcome } from '@/lib/identity-flow';

interface FlowSubmitOptions<T> {
  onDone: (value: T) => void;
  /** Shown when a failure says nothing itself; with `headline`, above whatever it says. */
  failedText: string;
  headline?: boolean;
  /** The field whose identity-service message is shown next to it rather than above the form. */
  field?: string;
  /** Shown above the form until the next submission (the messages of a flow the page was sent with). */
  initialMessages?: string[];
}

/**
 * The form side of a sign-in page's flow: submits, follows a redirect, hands a done value on, and keeps the
 * messages of a failure (one field's apart) until the next submission.
 */
export function useFlowSubmit<I, T>(
  submit: (input: I) => Promise<FlowOutcome<T>>,
  { onDone, failedText, headline = false, field, initialMessages = [] }: FlowSubmitOptions<T>,
) {
  const [messages, setMessages] = useState<string[]>(initialMessages);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (input: I) => {
    setMessages([]);
    setFieldError(undefined);
    setBusy(true);
    try {
      const outcome = await submit(input);
      if (outcome.kind === 'done') onDone(outcome.value);
      else if (outcome.kind === 'redirect') window.location.assign(outcome.url);
      else {
        const split = field
          ? splitFieldError(outcome, field)
          : { fieldError: undefined, messages: outcome.messages };
        setFieldError(split.fieldError);
        if (headline) setMessages([failedText, ...split.messages]);
        else setMessages(split.messages.length || split.fieldError ? split.messages : [failedText]);
      }
    } finally {
      setBusy(false);
    }
  };

  return { messages, fieldError, busy, run };
}
