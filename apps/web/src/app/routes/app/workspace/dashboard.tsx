import { PlaceholderPage } from '@/components/placeholder-page';

export function WorkspaceDashboardRoute() {
  return (
    <PlaceholderPage
      title="Workspace dashboard"
      description="The overview of a workspace arrives in a later release."
    />
  );
}
