import { useState } from 'react';
import { z } from 'zod';
import type { Project } from '@stackyard/contracts/project';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Button } from '@/components/ui/button';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useCreateProject } from '../api/create-project';
import { ProjectNameField, ProjectSlugField } from './project-fields';

const createProjectFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  slug: z.string().trim(),
});

const EMPTY = { name: '', slug: '' };

type CreateProjectDialogProps = {
  workspaceId: string;
  onCreated: (project: Project) => void;
};

export function CreateProjectDialog({ workspaceId, onCreated }: CreateProjectDialogProps) {
  const [open, setOpen] = useState(false);
  const form = useCheckedForm(createProjectFormSchema, EMPTY);
  const create = useCreateProject();

  const close = () => {
    setOpen(false);
    form.reset(EMPTY);
    create.reset();
  };

  const submit = form.handleSubmit(async ({ name, slug }) => {
    const project = await create.mutateAsync({
      workspace_id: workspaceId,
      metadata: { name },
      ...(slug ? { slug } : {}),
    });
    close();
    onCreated(project);
  });

  return (
    <>
      <Button onClick={() => setOpen(true)}>New Project</Button>
      <ActionDialog
        open={open}
        onClose={close}
        title="Create project"
        request={create}
        label="Create Project"
        pendingLabel="Creating..."
        onSubmit={(event) => void submit(event)}
      >
        <ProjectNameField error={form.errors.name} {...form.field('name')} />
        <ProjectSlugField
          label="Slug (optional)"
          hint="Lowercase letters, numbers and dashes; derived from the name if empty."
          {...form.field('slug')}
        />
      </ActionDialog>
    </>
  );
}
