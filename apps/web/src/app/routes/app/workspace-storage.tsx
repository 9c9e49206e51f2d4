import { PlaceholderPage } from '@/components/placeholder-page';

export function WorkspaceStorageRoute() {
  return (
    <PlaceholderPage
      title="Workspace storage"
      description="Linking a workspace to a GitHub repository arrives in a later release."
    />
  );
}
