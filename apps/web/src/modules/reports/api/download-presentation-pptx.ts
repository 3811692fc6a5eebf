import { endpointPath, reportsEndpoints } from '@b2b/contract';

/** Where the browser downloads the Insights Presentation as PowerPoint (made at once). */
export function presentationPptxUrl(jobId: string): string {
  return endpointPath(reportsEndpoints.downloadPresentationPptx.path, { id: jobId });
}
