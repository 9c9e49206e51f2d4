import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

type FormFieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** The control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
};

// Wires a label, a hint and an error message to one control so screen readers announce all three.
export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="form-field" className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-900">
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-zinc-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/**
 * A field's message, where there is one. A control FormField does not wrap names it itself: aria-invalid, and
 * aria-describedby with this `id`.
 */
export function FieldError({ id, error }: { id?: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  );
}
