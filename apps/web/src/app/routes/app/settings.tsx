import { PlaceholderPage } from '@/components/placeholder-page';

export function SettingsRoute() {
  return (
    <PlaceholderPage
      title="Settings"
      description="Profile, workspace and account settings arrive in a later release."
    />
  );
}
