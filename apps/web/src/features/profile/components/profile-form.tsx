import { useState } from 'react';
import { profileFormSchema, type Profile } from '@stackyard/contracts/profile';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useUpdateProfile } from '../api/update-profile';

const valuesOf = (profile: Profile) => ({
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
  const update = useUpdateProfile();
  const form = useCheckedForm(profileFormSchema, valuesOf(profile));
  const { errors } = form;

  const edit = () => {
    form.reset(valuesOf(profile));
    setEditing(true);
  };

  const save = form.handleSubmit(async (values) => {
    await update.mutateAsync(values);
    setEditing(false);
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
        <Button variant="outline" size="sm" className="self-start" onClick={edit}>
          Edit profile
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-4">
      <FailureAlert error={form.failure} fallback="Failed to update profile" />
      <FormField label="Display name" error={errors.display_name}>
        <Input autoComplete="name" {...form.field('display_name')} />
      </FormField>
      <FormField label="Bio" error={errors.bio}>
        <Textarea rows={3} {...form.field('bio')} />
      </FormField>
      <FormField label="Avatar URL" error={errors.avatar_url}>
        <Input type="url" autoComplete="photo" {...form.field('avatar_url')} />
      </FormField>
      <FormField label="Email" hint="Your sign-in address cannot be changed here.">
        <Input value={email ?? ''} readOnly />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={form.isSubmitting}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
