import { PlaceholderPage } from '@/components/placeholder-page';

export function ResourcesRoute() {
  return (
    <PlaceholderPage
      title="Resources"
      description="The list of a workspace's resources arrives in a later release."
    />
  );
}
