import { type ParseAddressFileQuery, toolsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client';

export type AddressFileUpload = { file: File; query: ParseAddressFileQuery };

/** Uploads an address file (multipart field "file"); answers every row parsed and the CSV. */
export function parseAddressFile({ file, query }: AddressFileUpload) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(toolsEndpoints.parseAddressFile, { form, query });
}

export function useParseAddressFile() {
  return useMutation({ mutationFn: parseAddressFile });
}
