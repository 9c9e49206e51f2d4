import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { profileFormSchema, type Profile } from '@stackyard/contracts/profile';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useUpdateProfile } from '../api/update-profile';

type ProfileFormValues = z.input<typeof profileFormSchema>;

const valuesOf = (profile: Profile): ProfileFormValues => ({
  display_name: profile.display_name ?? '',
  bio: profile.bio ?? '',
  avatar_url: profile.avatar_url ?? '',
});

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="w-32 shrink-0 text-sm text-zinc-600">{label}</dt>
      <dd className="text-sm break-words text-zinc-950">{value || '—'}</dd>
    </div>
  );
}

/** Viewing, or editing: display name, bio, avatar URL; the e-mail is shown read-only. */
export function ProfileForm({ profile, email }: { profile: Profile; email: string | undefined }) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    values: valuesOf(profile),
  });
  const { errors } = form.formState;

  const cancel = () => {
    form.reset(valuesOf(profile));
    setFailure(null);
    setEditing(false);
  };

  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      setEditing(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Failed to update profile');
    }
  });

  if (!editing) {
    return (
      <div className="flex flex-col gap-4">
        <dl className="flex flex-col gap-3">
          <Row label="Display name" value={profile.display_name} />
          <Row label="Bio" value={profile.bio} />
          <Row label="Avatar URL" value={profile.avatar_url} />
          <Row label="Email" value={email} />
        </dl>
        <Button variant="outline" size="sm" className="self-start" onClick={() => setEditing(true)}>
          Edit profile
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-4">
      {failure && <Alert>{failure}</Alert>}
      <FormField label="Display name" error={errors.display_name?.message}>
        <Input autoComplete="name" {...form.register('display_name')} />
      </FormField>
      <FormField label="Bio" error={errors.bio?.message}>
        <textarea
          rows={3}
          className="w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600 aria-invalid:border-red-600"
          {...form.register('bio')}
        />
      </FormField>
      <FormField label="Avatar URL" error={errors.avatar_url?.message}>
        <Input type="url" autoComplete="photo" {...form.register('avatar_url')} />
      </FormField>
      <FormField label="Email" hint="Your sign-in address cannot be changed here.">
        <Input value={email ?? ''} readOnly />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={cancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
