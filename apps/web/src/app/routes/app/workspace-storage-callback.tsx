import { PlaceholderPage } from '@/components/placeholder-page';

export function WorkspaceStorageCallbackRoute() {
  return (
    <PlaceholderPage
      title="GitHub installation"
      description="Completing a GitHub app installation arrives in a later release."
    />
  );
}
