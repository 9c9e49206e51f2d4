import { PlaceholderPage } from '@/components/placeholder-page';

export function ToolRoute() {
  return <PlaceholderPage title="Tool" description="The details of a tool arrive in a later release." />;
}
