import { AccountPage } from '@/components/account-page';
import { SaveFromBrowser } from '@/features/save-link/components/save-from-browser';
import { useInstallPrompt } from '@/lib/install-prompt';

/** "Save from your browser": the bookmarklet and the installable app with its share target. */
export function SaveFromBrowserRoute() {
  const install = useInstallPrompt();
  return (
    <AccountPage
      title="Save from your browser"
      intro={
        <>
          Save the page you are reading without leaving it: a link, the text you selected on it and your tags
          go to a workspace and are fetched and described like any URL you add here.
        </>
      }
    >
      <SaveFromBrowser origin={window.location.origin} onInstall={install ? () => void install() : null} />
    </AccountPage>
  );
}
