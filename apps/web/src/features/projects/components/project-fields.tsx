import type { ComponentProps, ReactNode } from 'react';
import { PROJECT_SLUG_MAX } from '@stackyard/contracts/project';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

type ProjectFieldProps = ComponentProps<'input'> & { error?: string | undefined };

/** A project's name, the dialog's first field. */
export function ProjectNameField({ error, ...input }: ProjectFieldProps) {
  return (
    <FormField label="Name" error={error}>
      <Input autoFocus maxLength={100} {...input} />
    </FormField>
  );
}

/** A project's slug, the last part of its address. */
export function ProjectSlugField({
  label,
  hint,
  error,
  ...input
}: ProjectFieldProps & { label: string; hint: ReactNode }) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <Input maxLength={PROJECT_SLUG_MAX} {...input} />
    </FormField>
  );
}
