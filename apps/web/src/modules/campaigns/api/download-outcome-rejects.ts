import { campaignsEndpoints, endpointPath } from '@b2b/contract';

/**
 * Where an outcomes upload's rejected rows download as CSV: a plain link, so the browser saves
 * the file with the session cookie (a GET needs no CSRF header).
 */
export function outcomeRejectsUrl(campaignId: string, uploadId: string): string {
  return endpointPath(campaignsEndpoints.downloadOutcomeRejects.path, { campaignId, uploadId });
}
