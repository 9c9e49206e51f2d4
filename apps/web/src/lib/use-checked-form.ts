import { useState, type ChangeEvent, type FormEvent } from 'react';

type Values = Record<string, string>;

/** What the hook needs of a schema: zod's safeParse, which the sign-in pages' small form schemas mirror. */
export type CheckableSchema<Out> = {
  safeParse(values: unknown):
    | { success: true; data: Out }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
};

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The web app's one form state: values, the schema's first message per field, and a submit handler that
 * checks before it calls on, focusing the first invalid field. A submit that throws leaves its error in
 * `failure` for the form to show. (A form library would add ~14 kB gzip to /login, the page a visitor loads
 * first.)
 */
export function useCheckedForm<T extends Values, Out = T>(schema: CheckableSchema<Out>, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [failure, setFailure] = useState<Error | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const setValue = (name: keyof T & string, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<Control>) => setValue(name, event.target.value),
  });

  /** Back to `next`, with no messages left. */
  const reset = (next: T) => {
    setValues(next);
    setErrors({});
    setFailure(null);
  };

  const handleSubmit =
    (onValid: (data: Out) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const result = schema.safeParse(values);
      if (!result.success) {
        const found: Partial<Record<keyof T, string>> = {};
        for (const issue of result.error.issues) {
          const key = String(issue.path[0]) as keyof T;
          found[key] ??= issue.message;
        }
        setErrors(found);
        const first = Object.keys(found)[0];
        const control = first ? form.elements.namedItem(first) : null;
        if (control instanceof HTMLElement) control.focus();
        return;
      }
      setErrors({});
      setFailure(null);
      setSubmitting(true);
      try {
        await onValid(result.data);
      } catch (error) {
        setFailure(error instanceof Error ? error : new Error(''));
      } finally {
        setSubmitting(false);
      }
    };

  return { values, errors, failure, isSubmitting, field, setValue, reset, handleSubmit };
}
