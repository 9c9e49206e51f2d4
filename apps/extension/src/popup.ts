// The popup: the page (or link, or selection) to save, the workspace, kind, tags and project to save it
// with, and whether it is already saved somewhere.
import type { SubmissionKind } from '@stackyard/contracts/ingestion';
import { can } from '@stackyard/contracts/permissions';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import {
  ApiError,
  getSubmission,
  listProjects,
  listTags,
  listWorkspaces,
  lookUp,
  submit,
} from './lib/api.ts';
import { savedIn, showSavedState } from './lib/badge.ts';
import { contextLine, hintsOf, quoteSelection } from './lib/comment.ts';
import { byId, option, say } from './lib/dom.ts';
import { pageToSave, type PageToSave } from './lib/page.ts';
import { loadConnection, loadLastChoice, saveLastChoice, type Connection } from './lib/settings.ts';
import { waitForSubmission } from './lib/submission.ts';

const form = byId<HTMLFormElement>('save-form');
const fields = {
  url: byId<HTMLInputElement>('url'),
  title: byId<HTMLInputElement>('title'),
  comment: byId<HTMLTextAreaElement>('comment'),
  workspace: byId<HTMLSelectElement>('workspace'),
  project: byId<HTMLSelectElement>('project'),
};
const kindInputs = [...form.querySelectorAll<HTMLInputElement>('input[name="kind"]')];
const errorBox = byId('error');

const chosenKind = (): SubmissionKind =>
  kindInputs.find((input) => input.checked)?.value === 'tool' ? 'tool' : 'resource';

function showCommentHint() {
  say(
    byId('comment-hint'),
    fields.comment.value.trim()
      ? `Posted as your comment once it is added, ending with: ${contextLine(fields.title.value, fields.url.value)}`
      : 'Optional. Select text on the page before saving to quote it here.',
  );
}

/** The chosen workspace's tags as checkboxes and its projects (a tool joins one) as options. */
async function showWorkspaceChoices(connection: Connection) {
  const workspaceId = fields.workspace.value;
  const [tags, projects] = await Promise.all([
    listTags(connection, workspaceId),
    listProjects(connection, workspaceId),
  ]);
  const tagBox = byId('tags');
  tagBox.replaceChildren(
    ...tags.map((tag) => {
      const label = document.createElement('label');
      label.className = 'choice';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.name = 'tag';
      box.value = tag.id;
      label.append(box, ` ${tag.tag_name}`);
      return label;
    }),
  );
  if (tags.length === 0) say(tagBox, 'This workspace has no tags yet.');
  fields.project.replaceChildren(
    option('', 'No project'),
    ...projects.map((project) => option(project.id, project.metadata.name)),
  );
}

function showKind() {
  // Only a tool joins a project.
  byId('project-field').hidden = chosenKind() !== 'tool';
}

async function showSaved(connection: Connection, url: string) {
  const saved = await lookUp(connection, url).catch(() => []);
  say(byId('saved-state'), saved.length ? savedIn(saved) : '');
}

async function save(connection: Connection, page: PageToSave, workspaces: WorkspaceListItem[]) {
  let url: URL;
  try {
    url = new URL(fields.url.value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not a web address');
  } catch {
    say(byId('url-error'), 'Must be a valid http or https URL');
    fields.url.focus();
    return;
  }
  say(byId('url-error'), '');
  say(errorBox, '');
  const kind = chosenKind();
  const workspace = workspaces.find((candidate) => candidate.id === fields.workspace.value);
  if (!workspace) return;
  const tagIds = [...form.querySelectorAll<HTMLInputElement>('input[name="tag"]:checked')].map(
    (box) => box.value,
  );
  const projectIds = kind === 'tool' && fields.project.value ? [fields.project.value] : [];
  const button = byId<HTMLButtonElement>('save');
  button.disabled = true;
  button.textContent = 'Saving...';
  try {
    const submission = await submit(connection, kind, {
      workspace_id: workspace.id,
      submitted_url: url.href,
      pre_ingestion_extracted_data: hintsOf({
        tagIds,
        projectIds,
        comment: fields.comment.value,
        title: fields.title.value,
        url: url.href,
      }),
    });
    await saveLastChoice({ workspaceId: workspace.id, kind });
    form.hidden = true;
    const heading = byId('done-heading');
    heading.textContent = `Saved to ${workspace.name}`;
    byId('done').hidden = false;
    heading.focus();
    const doneText = byId('done-text');
    doneText.textContent = `stackyard is reading the page now; the ${kind} appears in the workspace once it is added.`;
    const settled = await waitForSubmission(() => getSubmission(connection, submission.id));
    doneText.textContent = settled.message;
    if (settled.added) {
      await showSaved(connection, url.href);
      if (page.tabId !== undefined && url.href === page.url) await showSavedState(page.tabId, page.url);
    }
  } catch (error) {
    say(errorBox, error instanceof Error ? error.message : String(error));
  } finally {
    button.disabled = false;
    button.textContent = 'Save';
  }
}

async function start() {
  const connection = await loadConnection();
  byId('loading').hidden = true;
  if (!connection) {
    byId('setup').hidden = false;
    return;
  }
  const [page, workspaces, last] = await Promise.all([
    pageToSave(new URLSearchParams(location.search)),
    listWorkspaces(connection),
    loadLastChoice(),
  ]);
  const writable = workspaces.filter((workspace) =>
    can({ role: workspace.access_level, isOwner: workspace.is_owner }, 'ingestion:submit'),
  );
  if (writable.length === 0) {
    say(
      byId('setup-text'),
      workspaces.length
        ? 'You are a viewer in each of your workspaces. Ask an admin to make you an editor, or create a workspace of your own.'
        : 'Create a workspace first: links are saved into one.',
    );
    byId('setup').hidden = false;
    byId('open-options').hidden = true;
    return;
  }
  fields.url.value = page?.url ?? '';
  fields.title.value = page?.title ?? '';
  fields.comment.value = quoteSelection(page?.selection ?? '');
  fields.workspace.replaceChildren(...writable.map((workspace) => option(workspace.id, workspace.name)));
  if (writable.some((workspace) => workspace.id === last.workspaceId))
    fields.workspace.value = last.workspaceId ?? '';
  const kind = last.kind ?? 'resource';
  for (const input of kindInputs) input.checked = input.value === kind;
  showKind();
  showCommentHint();
  await showWorkspaceChoices(connection);
  form.hidden = false;
  if (page) await showSaved(connection, page.url);

  fields.comment.addEventListener('input', showCommentHint);
  fields.title.addEventListener('input', showCommentHint);
  for (const input of kindInputs) input.addEventListener('change', showKind);
  fields.workspace.addEventListener('change', () => void showWorkspaceChoices(connection).catch(fail));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void save(connection, page ?? { url: '', title: '', selection: '' }, writable);
  });
  (fields.url.value ? byId('save') : fields.url).focus();
}

function fail(error: unknown) {
  byId('loading').hidden = true;
  say(errorBox, error instanceof Error ? error.message : String(error));
  // A token the server refuses, or a server that does not answer, is put right in the settings.
  if (error instanceof ApiError && (error.status === 401 || error.status === 0)) {
    byId('setup-text').hidden = true;
    byId('setup').hidden = false;
  }
}

byId('open-options').addEventListener('click', () => void chrome.runtime.openOptionsPage());
start().catch(fail);
