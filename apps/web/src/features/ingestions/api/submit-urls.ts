import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  submissionSchema,
  type PreIngestionExtractedData,
  type Submission,
  type SubmissionKind,
} from '@stackyard/contracts/ingestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { kindSegment } from './get-submissions';

/** POST /ingestion/tools or /ingestion/resources: answers 202 with the pending submission. */
export function submitUrl(
  kind: SubmissionKind,
  body: {
    workspace_id: string;
    submitted_url: string;
    pre_ingestion_extracted_data?: PreIngestionExtractedData | null;
  },
): Promise<Submission> {
  return apiRequest(`/ingestion/${kindSegment(kind)}`, { method: 'POST', body, schema: submissionSchema });
}

export type SubmitBatch = {
  kind: SubmissionKind;
  urls: string[];
  hints: PreIngestionExtractedData | null;
};

/** What became of each URL of a batch: the API takes one URL per call, so some may fail while others pass. */
export type BatchResult = {
  submitted: Submission[];
  failed: Array<{ url: string; message: string }>;
};

export function useSubmitUrls(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, urls, hints }: SubmitBatch): Promise<BatchResult> => {
      const result: BatchResult = { submitted: [], failed: [] };
      // One after another, in the order typed, so the list shows them in that order.
      for (const url of urls) {
        try {
          result.submitted.push(
            await submitUrl(kind, {
              workspace_id: workspaceId,
              submitted_url: url,
              pre_ingestion_extracted_data: hints,
            }),
          );
        } catch (error) {
          result.failed.push({ url, message: error instanceof Error ? error.message : String(error) });
        }
      }
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ingestion.workspace(workspaceId) }),
  });
}
