import { type CsvTreatments, devToolsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { postForm } from './post-form';

export type AnonymizeCsvRequest = {
  file: File;
  treatments: CsvTreatments;
  /** Empty: the server's default key. */
  key: string;
};

/**
 * Sends the file to be anonymized and answers the anonymized CSV. The fields go before the
 * file: the server reads them first and then streams the file through.
 */
export async function anonymizeCsv({ file, treatments, key }: AnonymizeCsvRequest) {
  const form = new FormData();
  form.append('treatments', JSON.stringify(treatments));
  if (key !== '') form.append('key', key);
  form.append('file', file);
  const response = await postForm(devToolsEndpoints.anonymizeCsv, form);
  const base = file.name.replace(/\.[^.]*$/, '') || 'file';
  return { fileName: `${base}-anonymized.csv`, csv: await response.blob() };
}

export function useAnonymizeCsv() {
  return useMutation({ mutationFn: anonymizeCsv });
}
