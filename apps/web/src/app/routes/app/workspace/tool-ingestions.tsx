import { PlaceholderPage } from '@/components/placeholder-page';

export function ToolIngestionsRoute() {
  return (
    <PlaceholderPage
      title="Tool ingestions"
      description="Submitting tool URLs and following their ingestion arrive in a later release."
    />
  );
}
