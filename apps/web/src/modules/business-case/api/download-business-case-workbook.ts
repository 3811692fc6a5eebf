import { businessCaseEndpoints, endpointPath } from '@b2b/contract';

/** Where the browser downloads the workbook of a scenario, or of the issuer's defaults. */
export function businessCaseWorkbookUrl(jobId: string, scenarioId?: string): string {
  const path = endpointPath(businessCaseEndpoints.downloadBusinessCaseWorkbook.path, { id: jobId });
  return scenarioId ? `${path}?scenarioId=${encodeURIComponent(scenarioId)}` : path;
}
