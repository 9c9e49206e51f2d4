import { PlaceholderPage } from '@/components/placeholder-page';

export function LoginRoute() {
  return (
    <PlaceholderPage
      title="Login"
      description="Signing in with e-mail and password or a code-hosting account arrives in a later release."
    />
  );
}
