import { PlaceholderPage } from '@/components/placeholder-page';

export function DashboardRoute() {
  return <PlaceholderPage title="Dashboard" description="Your dashboard arrives in a later release." />;
}
