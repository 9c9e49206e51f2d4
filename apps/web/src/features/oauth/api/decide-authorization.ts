import { useMutation } from '@tanstack/react-query';
import { oauthRedirectSchema, type OAuthDecision } from '@stackyard/contracts/oauth';
import { apiRequest } from '@/lib/api-client';

export function decideAuthorization(id: string, decision: OAuthDecision): Promise<{ redirect_to: string }> {
  return apiRequest(`/oauth/authorizations/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    body: decision,
    schema: oauthRedirectSchema,
  });
}

/** Allow or Deny; on success the browser leaves for the client's redirect URI. */
export function useDecideAuthorization(id: string) {
  return useMutation({
    mutationFn: (decision: OAuthDecision) => decideAuthorization(id, decision),
    onSuccess: ({ redirect_to }) => window.location.assign(redirect_to),
  });
}
