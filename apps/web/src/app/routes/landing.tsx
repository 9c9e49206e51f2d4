import { Navigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { LandingHero } from '@/features/marketing/components/landing-hero';
import { ProductOverview } from '@/features/marketing/components/product-overview';
import { useSession } from '@/features/session/api/get-session';

// / shows the landing page to visitors and sends signed-in users to /dashboard.
export function LandingRoute() {
  const session = useSession();
  if (session.isPending) return <StatusScreen text="Loading authentication..." />;
  if (session.isAuthenticated) return <Navigate to={paths.dashboard.getHref()} replace />;
  return (
    <>
      <DocumentTitle />
      <LandingHero />
      <ProductOverview />
    </>
  );
}
