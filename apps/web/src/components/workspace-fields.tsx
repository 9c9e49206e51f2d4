import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { useCheckedForm } from '@/lib/use-checked-form';

type WorkspaceValues = { name: string; slug: string; description: string };

type WorkspaceFieldsProps = {
  form: Pick<ReturnType<typeof useCheckedForm<WorkspaceValues, unknown>>, 'errors' | 'field'>;
  slugLabel: string;
  slugHint?: ReactNode;
};

/** A workspace's name, slug and description: onboarding and the workspaces page ask for the same three. */
export function WorkspaceFields({ form, slugLabel, slugHint }: WorkspaceFieldsProps) {
  return (
    <>
      <FormField label="Name" error={form.errors.name}>
        <Input autoComplete="off" {...form.field('name')} />
      </FormField>
      <FormField label={slugLabel} error={form.errors.slug} hint={slugHint}>
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.field('slug')} />
      </FormField>
      <FormField label="Description (optional)" error={form.errors.description}>
        <Input autoComplete="off" {...form.field('description')} />
      </FormField>
    </>
  );
}
