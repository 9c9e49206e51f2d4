import { useState, type FormEvent } from 'react';
import type { Project } from '@stackyard/contracts/project';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateProject } from '../api/create-project';

type CreateProjectDialogProps = {
  workspaceId: string;
  onCreated: (project: Project) => void;
};

export function CreateProjectDialog({ workspaceId, onCreated }: CreateProjectDialogProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [nameError, setNameError] = useState<string>();
  const create = useCreateProject();

  const close = () => {
    setOpen(false);
    setName('');
    setSlug('');
    setNameError(undefined);
    create.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    setNameError(undefined);
    create.mutate(
      {
        workspace_id: workspaceId,
        metadata: { name: name.trim() },
        ...(slug.trim() ? { slug: slug.trim() } : {}),
      },
      {
        onSuccess: (project) => {
          close();
          onCreated(project);
        },
      },
    );
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>New Project</Button>
      <Dialog open={open} onClose={close} title="Create project">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {create.error && <Alert>{create.error.message}</Alert>}
          <FormField label="Name" error={nameError}>
            <Input value={name} onChange={(event) => setName(event.target.value)} autoFocus maxLength={100} />
          </FormField>
          <FormField
            label="Slug (optional)"
            hint="Lowercase letters, numbers and dashes; derived from the name if empty."
          >
            <Input value={slug} onChange={(event) => setSlug(event.target.value)} maxLength={63} />
          </FormField>
          <DialogFormActions
            onCancel={close}
            label="Create Project"
            pendingLabel="Creating..."
            pending={create.isPending}
          />
        </form>
      </Dialog>
    </>
  );
}
