import { useState } from 'react';
import { updateProjectSchema, type Project } from '@stackyard/contracts/project';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useUpdateProject } from '../api/update-project';

type RenameProjectDialogProps = {
  project: Project;
  /** After a save; the slug may have changed, so the page may have a new address. */
  onRenamed: (project: Project) => void;
};

type FieldErrors = { name?: string; slug?: string; repository?: string };

/** Editors and admins rename a project or change its slug; Save stays disabled until something changed. */
export function RenameProjectDialog({ project, onRenamed }: RenameProjectDialogProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(project.metadata.name);
  const [slug, setSlug] = useState(project.slug);
  const [repository, setRepository] = useState(project.repository?.full_name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProject(project.id);
  const repositoryChanged = repository.trim() !== (project.repository?.full_name ?? '');
  const changed = name.trim() !== project.metadata.name || slug.trim() !== project.slug || repositoryChanged;

  const close = () => {
    setOpen(false);
    setErrors({});
    update.reset();
  };

  const openDialog = () => {
    setName(project.metadata.name);
    setSlug(project.slug);
    setRepository(project.repository?.full_name ?? '');
    setOpen(true);
  };

  const submit = () => {
    const input = {
      ...(name.trim() !== project.metadata.name ? { metadata: { name } } : {}),
      ...(slug.trim() !== project.slug ? { slug: slug.trim() } : {}),
      // An empty field unlinks the repository; another one keeps the branch and folder set through the API.
      ...(repositoryChanged
        ? {
            repository: repository.trim()
              ? { full_name: repository, branch: project.repository?.branch, path: project.repository?.path }
              : null,
          }
        : {}),
    };
    const parsed = updateProjectSchema.safeParse(input);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'slug' || issue.path[0] === 'repository' ? issue.path[0] : 'name';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        close();
        onRenamed(saved);
      },
    });
  };

  return (
    <>
      <Button variant="outline" onClick={openDialog}>
        Rename
      </Button>
      <ActionDialog
        open={open}
        onClose={close}
        title="Rename project"
        request={update}
        label="Save"
        pendingLabel="Saving..."
        disabled={!changed}
        onSubmit={submit}
      >
        <FormField label="Name" error={errors.name}>
          <Input value={name} onChange={(event) => setName(event.target.value)} autoFocus maxLength={100} />
        </FormField>
        <FormField
          label="Slug"
          error={errors.slug}
          hint="Lowercase letters, numbers and dashes; the project's address changes with it."
        >
          <Input value={slug} onChange={(event) => setSlug(event.target.value)} maxLength={63} />
        </FormField>
        <FormField
          label="Repository"
          error={errors.repository}
          hint="The GitHub repository of the project's code, as owner/name; scanned for its drift. Empty: none."
        >
          <Input value={repository} onChange={(event) => setRepository(event.target.value)} maxLength={140} />
        </FormField>
      </ActionDialog>
    </>
  );
}
