import { DocumentTitle } from '@/components/document-title';
import { SaveFromBrowser } from '@/features/save-link/components/save-from-browser';
import { useInstallPrompt } from '@/lib/install-prompt';

/** "Save from your browser": the bookmarklet and the installable app with its share target. */
export function SaveFromBrowserRoute() {
  const install = useInstallPrompt();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12">
      <DocumentTitle title="Save from your browser" />
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Save from your browser</h1>
        <p className="mt-2 text-sm text-zinc-600">
          Save the page you are reading without leaving it: a link, the text you selected on it and your tags
          go to a workspace and are fetched and described like any URL you add here.
        </p>
      </div>
      <SaveFromBrowser origin={window.location.origin} onInstall={install ? () => void install() : null} />
    </section>
  );
}
