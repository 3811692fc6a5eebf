import { devToolsEndpoints, MESSAGES } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, INVALID_RESPONSE_CODE } from '../../../lib/api-error';
import { postForm } from './post-form';

/** The header and first rows are all the preview reads: only the file's start is sent. */
const PREVIEW_BYTES = 64 * 1024;

/** Reads a CSV's header with the treatment each column name suggests, and its first rows. */
export async function previewAnonymizeCsv(file: File) {
  const endpoint = devToolsEndpoints.previewAnonymizeCsv;
  const form = new FormData();
  form.append('file', new File([file.slice(0, PREVIEW_BYTES)], file.name, { type: file.type }));
  const response = await postForm(endpoint, form);
  const parsed = endpoint.responses[200].safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new ApiError(response.status, MESSAGES.genericProblem, INVALID_RESPONSE_CODE);
  return parsed.data;
}

export function usePreviewAnonymizeCsv() {
  return useMutation({ mutationFn: previewAnonymizeCsv });
}
