import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { bodyFieldError } from '@/lib/body-field-error';
import { useCheckedForm } from '@/lib/use-checked-form';

// The server checks the fields (and names the one it refuses); the form only gathers them.
const anyFields = z.record(z.string(), z.string());

export type EditableField = {
  /** The API's name for the field (the PATCH body's key, and the problem's pointer /body/{name}). */
  name: string;
  label: string;
  value: string | null;
  multiline?: boolean;
  type?: 'text' | 'url';
  /** An emptied required field is sent as '' (the server says why it is refused); others are cleared (null). */
  required?: boolean;
};

type ItemEditorProps = {
  /** What the Edit button edits, for its accessible name ("Edit tool"). */
  what: string;
  fields: EditableField[];
  pending: boolean;
  error: Error | null;
  /** Sends the changed fields; resolves once saved (the editor closes), rejects when refused (it stays open). */
  save: (changes: Record<string, string | null>) => Promise<unknown>;
  /** Called when the editor opens, so a refusal from the last attempt is not shown again. */
  onOpen?: () => void;
};

/**
 * Edit → the fields → Save or Cancel, in place. Escape cancels and Enter in a one-line field saves; focus goes
 * back to the Edit button when the editor closes. A refusal is shown next to the field the server names.
 */
export function ItemEditor({ what, fields, pending, error, save, onOpen }: ItemEditorProps) {
  const [open, setOpen] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (wasOpen.current && !open) editButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!open) {
    return (
      <Button
        ref={editButton}
        variant="outline"
        size="sm"
        aria-label={`Edit ${what}`}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        Edit
      </Button>
    );
  }
  return (
    <EditForm
      what={what}
      fields={fields}
      pending={pending}
      error={error}
      onCancel={() => setOpen(false)}
      onSave={async (changes) => {
        try {
          await save(changes);
          setOpen(false);
        } catch {
          // The refusal is the mutation's error, shown by the form.
        }
      }}
    />
  );
}

function EditForm({
  what,
  fields,
  pending,
  error,
  onCancel,
  onSave,
}: {
  what: string;
  fields: EditableField[];
  pending: boolean;
  error: Error | null;
  onCancel: () => void;
  onSave: (changes: Record<string, string | null>) => Promise<void>;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, []);
  const edit = useCheckedForm(
    anyFields,
    Object.fromEntries(fields.map((field) => [field.name, field.value ?? ''])),
  );
  const problem = error instanceof ApiError ? error.problem : null;
  const formError = error && !problem?.errors?.length ? error.message : undefined;

  const submit = edit.handleSubmit(async (values) => {
    const changes: Record<string, string | null> = {};
    for (const field of fields) {
      const value = (values[field.name] ?? '').trim();
      if (value === (field.value ?? '').trim()) continue;
      changes[field.name] = value === '' && !field.required ? null : value;
    }
    if (Object.keys(changes).length === 0) onCancel();
    else await onSave(changes);
  });
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  return (
    <form
      ref={form}
      aria-label={`Edit ${what}`}
      // The server's checks (and its messages next to each field) stand in for the browser's bubbles.
      noValidate
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      className="mt-4 flex w-full flex-col gap-4 rounded-lg border border-zinc-200 p-4"
    >
      {fields.map((field) => (
        <FormField key={field.name} label={field.label} error={bodyFieldError(error, field.name)}>
          {field.multiline ? (
            <Textarea rows={3} className="min-w-0" {...edit.field(field.name)} />
          ) : (
            <Input type={field.type === 'url' ? 'url' : 'text'} {...edit.field(field.name)} />
          )}
        </FormField>
      ))}
      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
