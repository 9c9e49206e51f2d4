import { PlaceholderPage } from '@/components/placeholder-page';

export function VerifyRoute() {
  return (
    <PlaceholderPage
      title="Verify your e-mail"
      description="Confirming your e-mail address with a verification code arrives in a later release."
    />
  );
}
