import { type ValidateAddressFileQuery, toolsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client';

export type AddressValidationUpload = { file: File; query: ValidateAddressFileQuery };

/** Uploads an address file to check every row; answers per-row results and the CSV. */
export function validateAddressFile({ file, query }: AddressValidationUpload) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(toolsEndpoints.validateAddressFile, { form, query });
}

export function useValidateAddressFile() {
  return useMutation({ mutationFn: validateAddressFile });
}
