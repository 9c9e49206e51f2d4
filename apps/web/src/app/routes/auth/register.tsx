import { PlaceholderPage } from '@/components/placeholder-page';

export function RegisterRoute() {
  return <PlaceholderPage title="Register" description="Creating an account arrives in a later release." />;
}
