import { PlaceholderPage } from '@/components/placeholder-page';

export function OnboardingRoute() {
  return (
    <PlaceholderPage
      title="Onboarding"
      description="Choosing a username and creating your first workspace arrive in a later release."
    />
  );
}
