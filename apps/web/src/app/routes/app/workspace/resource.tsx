import { PlaceholderPage } from '@/components/placeholder-page';

export function ResourceRoute() {
  return (
    <PlaceholderPage title="Resource" description="The details of a resource arrive in a later release." />
  );
}
