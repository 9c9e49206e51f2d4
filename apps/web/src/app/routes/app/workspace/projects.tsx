import { PlaceholderPage } from '@/components/placeholder-page';

export function ProjectsRoute() {
  return (
    <PlaceholderPage
      title="Projects"
      description="The list of a workspace's projects arrives in a later release."
    />
  );
}
