import { LabelledSelect, ScopeOptions } from '@/components/labelled-select';
import { useState, type DragEvent } from 'react';
import { SCAN_FILES_MAX, type ScanSummary } from '@stackyard/contracts/drift';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useDrift, useScanRepository, useUploadScan, type ManifestFile } from '../api/drift';
import { AvoidedList, InsteadList, UnknownList } from './drift-lists';
import { RepositoryScan } from './repository-scan';

/** A project to show the drift of; `repository` its linked GitHub repository's owner/name, when it has one. */
export type DriftProject = { id: string; name: string; repository: string | null };

type DriftPageProps = {
  workspaceId: string;
  projects: DriftProject[];
  /** Editors and admins upload and add tools; viewers read. */
  canWrite: boolean;
  /** Submits URLs as tools (the ingestion of the workspace); answers what to tell the user. */
  addTools: (urls: string[], projectId: string | null) => Promise<string>;
  /** The project whose drift shows first (a project page's Drift link); the workspace's when absent. */
  initialProjectId?: string | null;
};

async function readFiles(list: FileList | File[]): Promise<ManifestFile[]> {
  // A folder's files keep their path inside it, so two package.json files stay apart.
  return Promise.all(
    [...list].map(async (file) => ({
      path: file.webkitRelativePath || file.name,
      content: await file.text(),
    })),
  );
}

/** A checkout's archive, scanned on the server; any other file is read here as a manifest. */
const ARCHIVE_NAME = /\.(zip|tar\.gz|tgz)$/i;

/** Upload the code's manifests and see where it departs from the team's stances. */
export function DriftPage({ workspaceId, projects, canWrite, addTools, initialProjectId }: DriftPageProps) {
  const [projectId, setProjectId] = useState<string | null>(initialProjectId ?? null);
  const [dragging, setDragging] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const drift = useDrift(workspaceId, projectId);
  const upload = useUploadScan(workspaceId, projectId);
  const repositoryScan = useScanRepository(workspaceId, projectId);

  const send = async (list: FileList | File[] | null) => {
    if (!list || list.length === 0) return;
    setAdded(null);
    const [first] = list;
    if (list.length === 1 && first && ARCHIVE_NAME.test(first.name)) upload.mutate({ archive: first });
    else upload.mutate({ files: await readFiles(list) });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files);
  };
  const onAdd = async (urls: string[]) => {
    setAdding(true);
    try {
      setAdded(await addTools(urls, projectId));
    } finally {
      setAdding(false);
    }
  };

  const data = drift.data;
  // The workspace's connected repository, or the one linked to the chosen project.
  const repository = !canWrite
    ? null
    : projectId === null
      ? (data?.repository?.full_name ?? null)
      : (projects.find((project) => project.id === projectId)?.repository ?? null);
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <DocumentTitle title="Drift" />
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Drift</h1>
      <p className="mt-2 text-zinc-700">
        The stack the code uses against the team&apos;s stances: upload its manifests (package.json,
        requirements.txt, go.mod, Cargo.toml …) or a .zip or .tar.gz of a checkout, or run{' '}
        <code className="font-mono">stackyard scan --upload</code> in a checkout.
      </p>
      <LabelledSelect
        id="drift-target"
        label="Scan of"
        className="mt-6 sm:max-w-sm"
        value={projectId ?? ''}
        onChange={(event) => {
          setProjectId(event.target.value || null);
          setAdded(null);
          upload.reset();
          repositoryScan.reset();
        }}
      >
        <ScopeOptions whole="The whole workspace" projects={projects} />
      </LabelledSelect>
      {canWrite ? (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`mt-6 flex flex-col gap-2 rounded-lg border-2 border-dashed p-4 ${dragging ? 'border-zinc-900 bg-zinc-50' : 'border-zinc-300'}`}
        >
          <label htmlFor="drift-files" className="text-sm font-medium text-zinc-900">
            Manifest files, or a .zip or .tar.gz of the checkout (or drop them here; at most {SCAN_FILES_MAX}{' '}
            files)
          </label>
          <input
            id="drift-files"
            type="file"
            multiple
            disabled={upload.isPending}
            className="text-sm"
            onChange={(event) => {
              void send(event.target.files);
              event.target.value = '';
            }}
          />
          {upload.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-zinc-700">
              <Spinner className="size-4" /> Scanning…
            </p>
          ) : null}
          {upload.error ? <Alert>{upload.error.message}</Alert> : null}
        </div>
      ) : null}
      {repository ? (
        <RepositoryScan
          fullName={repository}
          ofProject={projectId !== null}
          pending={repositoryScan.isPending}
          error={repositoryScan.error}
          onScan={() => {
            setAdded(null);
            repositoryScan.mutate();
          }}
        />
      ) : null}
      {drift.isPending ? (
        <p role="status" className="mt-8 flex items-center gap-2 text-sm text-zinc-700">
          <Spinner className="size-4" /> Loading drift…
        </p>
      ) : drift.error ? (
        <Alert className="mt-8">{drift.error.message}</Alert>
      ) : !data?.scan ? (
        <Alert tone="info" className="mt-8">
          No scan yet. {canWrite ? 'Upload manifest files above, or run' : 'An editor can upload one, or run'}{' '}
          <code className="font-mono">stackyard scan --upload</code>.
        </Alert>
      ) : (
        <>
          <p className="mt-8 text-sm text-zinc-700">
            Last scan: {data.scan.dependencies} dependencies in {data.scan.files} files,{' '}
            {scanOrigin(data.scan, data.repository?.full_name ?? null)} on{' '}
            <time dateTime={data.scan.scanned_at}>{new Date(data.scan.scanned_at).toLocaleString()}</time>.
          </p>
          {data.scan.findings.length > 0 ? (
            <ul className="mt-2 list-disc pl-5 text-sm text-zinc-600">
              {data.scan.findings.map((finding) => (
                <li key={`${finding.file}:${finding.line}:${finding.message}`} className="break-all">
                  {finding.file}
                  {finding.line === null ? '' : `:${finding.line}`}: {finding.message}
                </li>
              ))}
            </ul>
          ) : null}
          {added ? (
            <Alert tone="success" className="mt-4">
              {added}
            </Alert>
          ) : null}
          <AvoidedList items={data.avoided} />
          <InsteadList items={data.instead_of_preferred} />
          <UnknownList items={data.unknown} onAdd={canWrite ? onAdd : undefined} adding={adding} />
        </>
      )}
    </section>
  );
}

function scanOrigin(scan: ScanSummary, repository: string | null): string {
  if (scan.source === 'cli') return 'from the command line';
  if (scan.source === 'archive') return 'from an uploaded archive';
  if (scan.source === 'upload') return 'uploaded';
  const commit = scan.commit ? ` at ${scan.commit.slice(0, 7)}` : '';
  return `read from ${repository ?? 'the connected repository'}${commit}`;
}
