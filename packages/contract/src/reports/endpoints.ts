/**
 * Reports and presentation (SPEC §2 jobs: report/insights, presentation, report/use-cases and
 * the printable routes): PDFs of printable routes rendered by Chromium as a ProQ command, and the
 * Insights Presentation as a PowerPoint file with native charts.
 */
import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { IdParamsSchema } from '../common/ids.js';
import { InsightSliceQuerySchema } from '../insights/schemas.js';
import { ReportTopSuppliersSchema } from './schemas.js';

const tags = ['Reports'];
const base = '/api/v1/job-artifacts/:id';

/** Binary PPTX (application/vnd.openxmlformats-officedocument.presentationml.presentation). */
export const downloadPresentationPptx = defineEndpoint({
  method: 'GET',
  path: `${base}/presentation.pptx`,
  summary:
    'The Insights Presentation as PowerPoint: native editable charts, the issuer branding, speaker notes',
  tags,
  params: IdParamsSchema,
  responses: { 200: z.string() },
  access: { permissions: ['JobRead', 'JobTab_InsightsPresentation_VIEW'] },
});

/** For the Insights Report and Presentation: either tab's permission is checked by the server. */
export const getReportTopSuppliers = defineEndpoint({
  method: 'GET',
  path: `${base}/report/top-suppliers`,
  summary:
    'The largest suppliers scoring Medium or High for each card product within a slicer value (Insights Report and Presentation; 409 unless Completed)',
  tags,
  params: IdParamsSchema,
  query: InsightSliceQuerySchema,
  responses: { 200: ReportTopSuppliersSchema },
  access: { permissions: ['JobRead'] },
});
