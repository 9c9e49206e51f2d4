import { useState } from 'react';
import { updateProjectSchema, type Project, type UpdateProject } from '@stackyard/contracts/project';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCheckedForm, type CheckableSchema } from '@/lib/use-checked-form';
import { useUpdateProject } from '../api/update-project';
import { ProjectNameField, ProjectSlugField } from './project-fields';

type RenameProjectDialogProps = {
  project: Project;
  /** After a save; the slug may have changed, so the page may have a new address. */
  onRenamed: (project: Project) => void;
};

type ProjectValues = { name: string; slug: string; repository: string };

const valuesOf = (project: Project): ProjectValues => ({
  name: project.metadata.name,
  slug: project.slug,
  repository: project.repository?.full_name ?? '',
});

/** What changed, as the update the API takes: an omitted field stays as it is. */
function changesOf(project: Project, { name, slug, repository }: ProjectValues) {
  const before = valuesOf(project);
  return {
    ...(name.trim() !== before.name ? { metadata: { name } } : {}),
    ...(slug.trim() !== before.slug ? { slug: slug.trim() } : {}),
    // An empty field unlinks the repository; another one keeps the branch and folder set through the API.
    ...(repository.trim() !== before.repository
      ? {
          repository: repository.trim()
            ? { full_name: repository, branch: project.repository?.branch, path: project.repository?.path }
            : null,
        }
      : {}),
  };
}

/** The changes checked by the contract's update schema; its messages go to the field they are about. */
const updateChecks = (project: Project): CheckableSchema<UpdateProject> => ({
  safeParse(values) {
    const parsed = updateProjectSchema.safeParse(changesOf(project, values as ProjectValues));
    if (parsed.success) return parsed;
    const issues = parsed.error.issues.map((issue) => ({
      path: [issue.path[0] === 'slug' || issue.path[0] === 'repository' ? issue.path[0] : 'name'],
      message: issue.message,
    }));
    return { success: false, error: { issues } };
  },
});

/** Editors and admins rename a project or change its slug; Save stays disabled until something changed. */
export function RenameProjectDialog({ project, onRenamed }: RenameProjectDialogProps) {
  const [open, setOpen] = useState(false);
  const form = useCheckedForm(updateChecks(project), valuesOf(project));
  const update = useUpdateProject(project.id);
  const changed = Object.keys(changesOf(project, form.values)).length > 0;

  const close = () => {
    setOpen(false);
    update.reset();
  };

  const openDialog = () => {
    form.reset(valuesOf(project));
    setOpen(true);
  };

  const submit = form.handleSubmit(async (changes) => {
    const saved = await update.mutateAsync(changes);
    close();
    onRenamed(saved);
  });

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
        onSubmit={(event) => void submit(event)}
      >
        <ProjectNameField error={form.errors.name} {...form.field('name')} />
        <ProjectSlugField
          label="Slug"
          error={form.errors.slug}
          hint="Lowercase letters, numbers and dashes; the project's address changes with it."
          {...form.field('slug')}
        />
        <FormField
          label="Repository"
          error={form.errors.repository}
          hint="The GitHub repository of the project's code, as owner/name; scanned for its drift. Empty: none."
        >
          <Input maxLength={140} {...form.field('repository')} />
        </FormField>
      </ActionDialog>
    </>
  );
}
