import { DocumentTitle } from '@/components/document-title';
import { InstallationCallback } from '@/features/store/components/installation-callback';

export function WorkspaceStorageCallbackRoute() {
  return (
    <>
      <DocumentTitle title="GitHub installation" />
      <InstallationCallback />
    </>
  );
}
