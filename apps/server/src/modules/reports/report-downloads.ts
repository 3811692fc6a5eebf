import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ReportPdfRequestSchema, type ReportPdfRequest } from '@b2b/contract';
import { AppError } from '../../lib/app-error.js';
import type { DownloadProducer } from '../downloads/downloads.service.js';
import type { ReportsService } from './reports.service.js';

/** A producer's params as a PDF request, or a 400 naming the param that is wrong. */
function pdfRequestOf(params: Record<string, unknown>): ReportPdfRequest {
  const parsed = ReportPdfRequestSchema.safeParse(params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = ['params', ...issue.path.map(String)].join('.');
  throw AppError.badRequest(`${field}: ${issue.message}`, field);
}

/**
 * The reports' prepared downloads (docs/architecture.md, "Prepared downloads"): a PDF of any
 * printable route (`report-pdf`, params `{ analysisReportType, params }`) and the Insights
 * Presentation deck (`presentation-pptx`). Both land in the user's downloads list with progress.
 */
export function reportDownloadProducers(
  reports: Pick<
    ReportsService,
    'checkPdfRequest' | 'renderPdf' | 'presentationPptx' | 'completedJob'
  >,
): DownloadProducer[] {
  return [
    {
      kind: 'report-pdf',
      formats: ['pdf'],
      permissions: ['JobRead'],
      async check({ actor, jobId, params }) {
        const checked = await reports.checkPdfRequest(actor, jobId, pdfRequestOf(params));
        return { label: `${checked.title} (PDF)` };
      },
      async produce({ actor, jobId, params, out, reportProgress, log }) {
        const request = pdfRequestOf(params);
        await reportProgress(10);
        await log(`Printing ${request.analysisReportType} to PDF with Chromium`);
        const { pdf } = await reports.renderPdf(actor, jobId, request);
        await reportProgress(90);
        await pipeline(Readable.from([pdf]), out);
      },
    },
    {
      kind: 'presentation-pptx',
      formats: ['pptx'],
      permissions: ['JobRead', 'JobTab_InsightsPresentation_VIEW'],
      async check({ actor, jobId }) {
        await reports.completedJob(actor, jobId);
        return { label: 'Insights Presentation (PowerPoint)' };
      },
      async produce({ actor, jobId, out, reportProgress }) {
        await reportProgress(10);
        const { buffer } = await reports.presentationPptx(actor, jobId);
        await reportProgress(90);
        await pipeline(Readable.from([buffer]), out);
      },
    },
  ];
}
