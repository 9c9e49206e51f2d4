import { DocumentTitle } from '@/components/document-title';
import { LandingHero } from '@/features/marketing/components/landing-hero';
import { ProductOverview } from '@/features/marketing/components/product-overview';

// Spec §2: shown at / to visitors who are not signed in (the redirect for signed-in users comes with auth).
export function LandingRoute() {
  return (
    <>
      <DocumentTitle />
      <LandingHero />
      <ProductOverview />
    </>
  );
}
