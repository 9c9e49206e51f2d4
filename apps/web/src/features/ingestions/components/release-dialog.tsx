import { useState } from 'react';
import { releaseSubmissionSchema } from '@stackyard/contracts/ingestion';
import { ActionDialog } from '@/components/ui/action-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useReleaseSubmission } from '../api/release-submission';
import type { SubmissionDialogProps } from './reject-dialog';

type Errors = Partial<Record<'name' | 'description' | 'homepage_url', string>>;

/**
 * Release: the reviewer vouches for a quarantined or failed URL and types what the page could not tell
 * (a tool needs a name; a resource's title may stay empty and the URL stands in).
 */
export function ReleaseDialog({ submission, open, onClose }: SubmissionDialogProps) {
  const isTool = submission.kind === 'tool';
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [homepage, setHomepage] = useState(() =>
    /^https?:\/\//i.test(submission.submitted_url) ? submission.submitted_url : '',
  );
  const [errors, setErrors] = useState<Errors>({});
  const release = useReleaseSubmission(submission.workspace_id);

  const close = () => {
    setErrors({});
    release.reset();
    onClose();
  };

  const submit = () => {
    const found: Errors = {};
    if (isTool && !name.trim()) found.name = 'Name is required';
    const parsed = releaseSubmissionSchema.safeParse({
      ...(name.trim() ? { name } : {}),
      ...(description.trim() ? { description } : {}),
      ...(isTool && homepage.trim() ? { homepage_url: homepage.trim() } : {}),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'description' || field === 'homepage_url') {
          found[field] ??= issue.message;
        }
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    release.mutate({ submissionId: submission.id, metadata: parsed.data }, { onSuccess: close });
  };

  return (
    <ActionDialog
      open={open}
      onClose={close}
      title={isTool ? 'Release tool' : 'Release resource'}
      description={<p className="text-sm break-all text-zinc-600">{submission.submitted_url}</p>}
      request={release}
      label="Release"
      pendingLabel="Releasing..."
      onSubmit={submit}
    >
      <FormField label={isTool ? 'Name' : 'Title (optional)'} error={errors.name}>
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={200} autoFocus />
      </FormField>
      <FormField label="Description (optional)" error={errors.description}>
        <Textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={3}
          maxLength={2000}
        />
      </FormField>
      {isTool && (
        <FormField
          label="Homepage URL (optional)"
          error={errors.homepage_url}
          hint="Defaults to the submitted URL."
        >
          <Input
            type="url"
            value={homepage}
            onChange={(event) => setHomepage(event.target.value)}
            maxLength={2048}
          />
        </FormField>
      )}
    </ActionDialog>
  );
}
