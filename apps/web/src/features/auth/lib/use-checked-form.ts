import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormSchema } from './form-schema';

type Values = Record<string, string>;

/**
 * A small form state for the sign-in pages: values, the schema's first message per field, and a submit
 * handler that checks before it calls on. (react-hook-form would add ~14 kB gzip to the first page a visitor
 * loads; the onboarding and settings forms, behind sign-in, use it.)
 */
export function useCheckedForm<T extends Values>(schema: FormSchema<T>, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const handleSubmit = (onValid: (data: T) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = schema.safeParse(values);
    if (!result.success) {
      const found: Partial<Record<keyof T, string>> = {};
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof T;
        found[key] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      const control = first ? form.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(result.data);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, isSubmitting, field, handleSubmit };
}
