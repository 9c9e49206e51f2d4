import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/**
 * A text field's, a radio group's or a select's value; one checkbox's; a group of checkboxes' ticked values
 * or a list of text fields' or selects' values; a file input's chosen file (null: none). A number or a list of
 * records is set by the form itself with setValue (e.g. from a select of numbers).
 */
type Value =
  string | number | boolean | readonly string[] | ReadonlyArray<Record<string, unknown>> | File | null;
type Values = Record<string, Value>;
/** The names of the fields whose value is of type V. */
type NamesOf<T extends Values, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;
/** What a message is kept under: its field's name, or `name.index` for one entry of a list field. */
type ErrorKey<T extends Values> = (keyof T & string) | `${NamesOf<T, readonly unknown[]>}.${number}`;

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

/** An issue about one entry of a list (path `[name, index, …]`) is kept at that entry; others at their field. */
const keyOf = (path: ReadonlyArray<PropertyKey>) =>
  typeof path[1] === 'number' ? `${String(path[0])}.${path[1]}` : String(path[0]);

/**
 * A form schema that builds the request from the values and checks it with the API's own schema (the
 * contract's). Valid, the request goes on as built, not as the schema's output: what the API trims or
 * defaults it does itself. The request's keys are the fields' names, so each issue lands on its field.
 */
export function checkedRequest<V, Request>(
  schema: CheckableSchema<unknown>,
  requestOf: (values: V) => Request,
): CheckableSchema<Request> {
  return {
    safeParse(values) {
      const request = requestOf(values as V);
      const result = schema.safeParse(request);
      return result.success ? { success: true, data: request } : result;
    },
  };
}

/**
 * The web app's one form state: values, the schema's first message per field, and a submit handler that
 * checks before it calls on, focusing the first invalid field. A submit that throws leaves its error in
 * `failure` for the form to show. (A form library would add ~14 kB gzip to /login, the page a visitor loads
 * first.)
 */
export function useCheckedForm<T extends Values, Out = T>(schema: CheckableSchema<Out>, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey<T>, string>>>({});
  const [failure, setFailure] = useState<Error | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  // A file input's choice can only be emptied from code, not set: it is emptied when its value becomes null.
  const fileInputs = useRef(new Map<string, HTMLInputElement>());
  useEffect(() => {
    for (const [name, input] of fileInputs.current) if (values[name] === null) input.value = '';
  }, [values]);

  const setValue = <K extends keyof T & string>(name: K, value: T[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const field = (name: NamesOf<T, string>) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<Control>) => setValue(name, event.target.value as T[typeof name]),
  });

  /** One entry of a list field, as a text field or a select; named as its message is kept. */
  const item = (name: NamesOf<T, readonly string[]>, index: number) => ({
    name: `${name}.${index}`,
    value: (values[name] as readonly string[])[index] ?? '',
    onChange: (event: ChangeEvent<Control>) => {
      const text = event.target.value;
      setValues((current) => {
        const list = (current[name] as readonly string[]).map((old, at) => (at === index ? text : old));
        return { ...current, [name]: list };
      });
    },
  });

  /** One radio button of a group: checked when the group's value is `option`. */
  const radio = (name: NamesOf<T, string>, option: T[typeof name]) => ({
    type: 'radio' as const,
    name,
    value: option as string,
    checked: values[name] === option,
    onChange: () => setValue(name, option),
  });

  /** A checkbox that is the field: its value is whether it is ticked. */
  const checkbox = (name: NamesOf<T, boolean>) => ({
    type: 'checkbox' as const,
    name,
    checked: values[name] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(name, event.target.checked as T[typeof name]),
  });

  /** One checkbox of a group: ticking it adds `option` to the field's list, unticking takes it out. */
  const choice = (name: NamesOf<T, readonly string[]>, option: string) => ({
    type: 'checkbox' as const,
    name,
    value: option,
    checked: (values[name] as readonly string[]).includes(option),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const ticked = event.target.checked;
      setValues((current) => {
        const chosen = (current[name] as readonly string[]).filter((value) => value !== option);
        return { ...current, [name]: ticked ? [...chosen, option] : chosen };
      });
    },
  });

  /** A file input: its value is the file chosen; choosing another one takes back the field's message. */
  const file = (name: NamesOf<T, File | null>) => ({
    type: 'file' as const,
    name,
    ref: (input: HTMLInputElement | null) => {
      if (input) fileInputs.current.set(name, input);
      else fileInputs.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(name, (event.target.files?.[0] ?? null) as T[typeof name]);
      setErrors(
        (current) =>
          Object.fromEntries(Object.entries(current).filter(([key]) => key !== name)) as typeof current,
      );
    },
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
        const found: Partial<Record<ErrorKey<T>, string>> = {};
        for (const issue of result.error.issues) found[keyOf(issue.path) as ErrorKey<T>] ??= issue.message;
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

  return {
    values,
    errors,
    failure,
    isSubmitting,
    field,
    item,
    radio,
    checkbox,
    choice,
    file,
    setValue,
    reset,
    handleSubmit,
  };
}
