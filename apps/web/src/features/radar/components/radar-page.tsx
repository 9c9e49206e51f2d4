import { useState } from 'react';
import { RADAR_EXPORT_FORMATS, RADAR_EXPORT_LABELS } from '@stackyard/contracts/radar';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { canIn } from '@/lib/permissions';
import { downloadRadarExport, useRadar, useRadarSettings } from '../api/radar';
import { RadarChart } from './radar-chart';
import { RadarSettingsForm } from './radar-settings-form';

/** The workspace's tech radar, its downloads, and (for the owner and admins) its settings. */
export function RadarPage({ workspace }: { workspace: WorkspaceListItem }) {
  const radar = useRadar(workspace.id);
  const settings = useRadarSettings(workspace.id);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <DocumentTitle title="Tech radar" />
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Tech radar</h1>
      <p className="mt-2 text-zinc-700">
        The workspace&apos;s stack by stance: preferred tools in Adopt, accepted ones in{' '}
        {settings.data?.accepted_ring === 'assess' ? 'Assess' : 'Trial'}, those to avoid in Hold.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {RADAR_EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="outline"
            onClick={() => {
              setDownloadError(null);
              downloadRadarExport(workspace.id, workspace.slug, format).catch((error: unknown) =>
                setDownloadError(error instanceof Error ? error.message : String(error)),
              );
            }}
          >
            Download {RADAR_EXPORT_LABELS[format]}
          </Button>
        ))}
      </div>
      {downloadError ? <Alert className="mt-4">{downloadError}</Alert> : null}
      <div className="mt-8">
        {radar.error ? <Alert>{radar.error.message}</Alert> : null}
        {radar.isPending ? <Spinner /> : null}
        {radar.data ? <RadarChart radar={radar.data} /> : null}
      </div>
      {settings.data && canIn(workspace, 'workspace:update') ? (
        <div className="mt-12 max-w-2xl">
          <h2 className="text-xl font-semibold text-zinc-950">Radar settings</h2>
          <div className="mt-4">
            {/* Mounted once the settings have loaded: the form starts from them and keeps what is typed. */}
            <RadarSettingsForm workspaceId={workspace.id} settings={settings.data} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
