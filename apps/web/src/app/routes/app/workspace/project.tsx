import { PlaceholderPage } from '@/components/placeholder-page';

export function ProjectRoute() {
  return (
    <PlaceholderPage title="Project" description="The details of a project arrive in a later release." />
  );
}
