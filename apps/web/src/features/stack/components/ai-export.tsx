import { LabelledSelect, ScopeOptions } from '@/components/labelled-select';
import { lazy, Suspense, useState } from 'react';
import { STACK_EXPORT_FORMATS, STACK_EXPORT_PATHS, type StackExportFormat } from '@stackyard/contracts/stack';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiBlob } from '@/lib/api-client';
import { exportZipPath, useExportFile } from '../api/get-export-file';

// The highlighter comes after the page: until it has, the preview is the same text, plain.
const HighlightedCode = lazy(() => import('./highlighted-code'));

export type ExportProject = { id: string; name: string; slug: string };

type AiExportProps = {
  workspaceId: string;
  workspaceSlug: string;
  /** The workspace's projects, for exporting one project's stack instead of the workspace's. */
  projects: ExportProject[];
};

/** Choose the workspace or a project and the formats, preview and copy each file, download a zip. */
export function AiExport({ workspaceId, workspaceSlug, projects }: AiExportProps) {
  const [projectId, setProjectId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<StackExportFormat[]>([...STACK_EXPORT_FORMATS]);
  const [shown, setShown] = useState<StackExportFormat | null>('agents-md');
  const [copied, setCopied] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const preview = shown && chosen.includes(shown) ? shown : (chosen[0] ?? null);
  const project = projects.find((candidate) => candidate.id === projectId) ?? null;
  const file = useExportFile(workspaceId, preview, project?.id ?? null);

  const toggle = (format: StackExportFormat) =>
    setChosen((current) =>
      current.includes(format)
        ? current.filter((value) => value !== format)
        : STACK_EXPORT_FORMATS.filter((value) => value === format || current.includes(value)),
    );

  const download = async () => {
    setDownloadError(null);
    try {
      const blob = await apiBlob(exportZipPath(workspaceId, chosen, project?.id ?? null));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `stackyard-${workspaceSlug}${project ? `-${project.slug}` : ''}-ai.zip`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    }
  };

  const copy = async () => {
    if (file.data === undefined) return;
    await navigator.clipboard.writeText(file.data);
    setCopied(true);
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <DocumentTitle title="AI-assistant export" />
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">AI-assistant export</h1>
      <p className="mt-2 text-zinc-700">
        The workspace&apos;s preferred stack as the files AI coding assistants read, generated from the stack
        as it is now.
      </p>
      <LabelledSelect
        id="export-source"
        label="Export from"
        className="mt-6 sm:max-w-sm"
        value={project?.id ?? ''}
        onChange={(event) => {
          setProjectId(event.target.value || null);
          setCopied(false);
        }}
      >
        <ScopeOptions whole="Whole workspace" projects={projects} />
      </LabelledSelect>
      <fieldset className="mt-6">
        <legend className="text-sm font-medium text-zinc-900">Formats</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {STACK_EXPORT_FORMATS.map((format) => (
            <li key={format} className="flex items-center gap-2 text-sm">
              <input
                id={`format-${format}`}
                type="checkbox"
                checked={chosen.includes(format)}
                onChange={() => toggle(format)}
              />
              <label htmlFor={`format-${format}`} className="font-mono">
                {STACK_EXPORT_PATHS[format]}
              </label>
              {chosen.includes(format) && (
                <button
                  type="button"
                  className="text-zinc-700 underline decoration-zinc-300 underline-offset-4"
                  aria-pressed={preview === format}
                  aria-label={`Preview ${STACK_EXPORT_PATHS[format]}`}
                  onClick={() => {
                    setShown(format);
                    setCopied(false);
                  }}
                >
                  Preview
                </button>
              )}
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="button" disabled={chosen.length === 0} onClick={() => void download()}>
          Download zip
        </Button>
        {downloadError && <Alert>{downloadError}</Alert>}
      </div>
      {preview && (
        <div className="mt-6">
          <div className="flex items-center justify-between gap-3">
            <h2 className="font-mono text-sm font-medium text-zinc-900">{STACK_EXPORT_PATHS[preview]}</h2>
            <Button type="button" disabled={file.data === undefined} onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          {file.isError && <Alert>Error loading the file: {file.error.message}</Alert>}
          {/* Focusable, so a keyboard can scroll a long file. */}
          <pre
            tabIndex={0}
            role="region"
            aria-label={`Preview of ${STACK_EXPORT_PATHS[preview]}`}
            className="mt-2 max-h-[32rem] overflow-auto rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-xs text-zinc-900"
          >
            {file.isPending ? (
              'Loading...'
            ) : file.data === undefined ? null : (
              <Suspense fallback={file.data}>
                <HighlightedCode text={file.data} path={STACK_EXPORT_PATHS[preview]} />
              </Suspense>
            )}
          </pre>
        </div>
      )}
    </section>
  );
}
