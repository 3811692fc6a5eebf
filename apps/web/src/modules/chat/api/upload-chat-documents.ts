import { chatEndpoints, ErrorBodySchema, MESSAGES, type ChatUploadResult } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER } from '../../../lib/api-client';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE } from '../../../lib/api-error';
import { chatQueryKeys } from './chat-query-keys';

/** Share of the upload sent so far, 0–1; the server indexes the files once they arrived. */
export type UploadProgress = (fraction: number) => void;

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uploads files as multipart form data. XMLHttpRequest rather than fetch: only it reports upload
 * progress. The answer is checked against the contract like every other call.
 */
export function uploadChatDocuments(files: readonly File[], onProgress?: UploadProgress) {
  const endpoint = chatEndpoints.uploadChatDocuments;
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise<ChatUploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpoint.path);
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.genericProblem, NETWORK_ERROR_CODE));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = ErrorBodySchema.safeParse(body);
        return reject(
          error.success
            ? new ApiError(xhr.status, error.data.message, error.data.code, error.data.errors)
            : new ApiError(xhr.status, MESSAGES.genericProblem),
        );
      }
      const result = endpoint.responses[200].safeParse(body);
      if (result.success) resolve(result.data);
      else reject(new ApiError(xhr.status, MESSAGES.genericProblem, INVALID_RESPONSE_CODE));
    };
    xhr.send(form);
  });
}

export function useUploadChatDocuments(onProgress?: UploadProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => uploadChatDocuments(files, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.all }),
  });
}
