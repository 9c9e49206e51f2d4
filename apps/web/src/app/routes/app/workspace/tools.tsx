import { PlaceholderPage } from '@/components/placeholder-page';

export function ToolsRoute() {
  return (
    <PlaceholderPage
      title="Tools"
      description="The list of a workspace's tools arrives in a later release."
    />
  );
}
