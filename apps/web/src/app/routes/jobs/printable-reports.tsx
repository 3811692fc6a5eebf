import type { JobDetails, PrintableReportType } from '@b2b/contract';
import type { ComponentType } from 'react';
import { BusinessCasePrintable } from '../../../modules/business-case/components/business-case-printable';
import { PrintableInsightsReport } from '../../../modules/reports/pages/insights-report-page';
import { UseCasesReportBody } from '../../../modules/use-cases/pages/use-cases-report-page';

/** What a printable report is given: the job, and the rest of the route after its type. */
export type PrintableReportProps = { job: JobDetails; params: string };

/*
 * The registry of printable reports (SPEC §2 printable/{analysisReportType}/[[...params]]):
 * each type's body, from the module that owns it. The PDF renderer prints these routes, so a
 * new printable report is one line here and its type in the contract's
 * PRINTABLE_REPORT_PERMISSIONS. It lives in app/ because it composes several modules.
 */
export const PRINTABLE_REPORTS: Record<PrintableReportType, ComponentType<PrintableReportProps>> = {
  insights: PrintableInsightsReport,
  'use-cases': ({ job }) => <UseCasesReportBody job={job} />,
  'business-case': ({ job, params }) => <BusinessCasePrintable job={job} params={params} />,
};
