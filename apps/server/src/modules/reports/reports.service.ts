import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  PRINTABLE_REPORT_PERMISSIONS,
  PRINTABLE_REPORT_TITLES,
  PRINTABLE_REPORT_TYPES,
  REPORT_KEY_CHARTS,
  REPORT_TOP_SUPPLIERS,
  THEME_BRAND_COLOURS,
  isPrintableReportType,
  type InsightChartData,
  type InsightChartQuery,
  type InsightSliceQuery,
  type JobSummary,
  type JobDetails,
  type PrintableReportType,
  type ReportTopSuppliers,
  SLICER_PROPERTIES,
  type ReportPdfRequest,
  type ThemeKey,
} from '@b2b/contract';
import { actorCan, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthService } from '../auth/auth.service.js';
import type { BrandingsService } from '../brandings/brandings.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { closePdfBrowsers, renderPrintablePdf, warmPdfBrowser } from './pdf-renderer.js';
import { writePresentationPptx } from './presentation-pptx.js';

/** How long the renderer's session lives: enough to load and print one report. */
const RENDER_SESSION_MS = 3 * 60_000;

/** The report's figures are the whole job's (SPEC §2 report/insights: the chosen slicer is Overall). */
const OVERALL: InsightSliceQuery = { slicer: 'Overall', slicerValue: 'All', product: 'All' };

/** Chart titles of the deck, as the insights tab names them. */
const CHART_TITLES: Partial<Record<string, string>> = {
  Spends: 'Spend by spend band',
  PaymentMethods: 'Payment methods',
  Countries: 'Spend by country',
  IndustriesMccGroup: 'Industries (MCC group)',
  InvoicePaymentTerms: 'Invoice payment terms',
  DocTransactionFrequencies: 'Payment frequency',
};

/** A file name from the job's name: letters, digits, - and _ only. */
export const fileNameOf = (jobName: string, what: string, extension: string) =>
  `${`${jobName} ${what}`.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '')}.${extension}`;

type Dependencies = {
  jobs: Pick<JobsService, 'get' | 'results'>;
  /** The insights module's summary and charts (its service's calls). */
  insights: {
    summary: (actor: Actor, jobId: string, slice: InsightSliceQuery) => Promise<JobSummary>;
    chart: (actor: Actor, jobId: string, query: InsightChartQuery) => Promise<InsightChartData>;
  };
  issuers: Pick<IssuersService, 'findById'>;
  brandings: Pick<BrandingsService, 'get' | 'getDefault'>;
  auth: Pick<AuthService, 'startRenderSession'>;
  /** Where this server answers on loopback (config REPORT_BASE_URL), read when a PDF is made. */
  baseUrl: () => string;
};

export function createReportsService(deps: Dependencies) {
  /** The job a report is of: visible to the actor (else 404) and Completed (else 409). */
  async function completedJob(actor: Actor, jobId: string): Promise<JobDetails> {
    const job = await deps.jobs.get(actor, jobId);
    if (job.status !== 'Completed') {
      throw AppError.conflict(
        `The job "${job.name}" is ${job.status}: reports and downloads are made of Completed jobs only.`,
      );
    }
    return job;
  }

  /** The issuer's branding of a job: its name, and the colours of its theme. */
  async function brandingOf(job: JobDetails) {
    const issuer = await deps.issuers.findById(job.issuerId);
    const row =
      (issuer?.brandingId ? await deps.brandings.get(issuer.brandingId) : undefined) ??
      (await deps.brandings.getDefault());
    const theme = (row?.theme ?? 'default') as ThemeKey;
    return {
      name: row?.displayName ?? job.issuerName,
      colours: THEME_BRAND_COLOURS[theme] ?? THEME_BRAND_COLOURS.default,
    };
  }

  /**
   * The largest suppliers scoring Medium or High for each product within the slicer value: the
   * level the job's scoring ruleset gave each score, as the summary counts them.
   */
  async function topSuppliers(
    actor: Actor,
    job: JobDetails,
    slice: InsightSliceQuery,
  ): Promise<ReportTopSuppliers> {
    const sliceFilter =
      slice.slicer === 'Overall'
        ? []
        : [
            {
              propertyName: SLICER_PROPERTIES[slice.slicer],
              comparisonOperator: 'Equal' as const,
              value: slice.slicerValue,
              allowNullValue: false,
            },
          ];
    return Promise.all(
      CARD_PRODUCT_DISPLAY_ORDER.map(async (product) => {
        const page = await deps.jobs.results.suppliers(actor, job.id, {
          pageNumber: 1,
          pageSize: REPORT_TOP_SUPPLIERS,
          orderBy: 'annualSpend desc',
          filters: [
            ...sliceFilter,
            // Medium or above, said by the level rather than the score number: the report is
            // open to issuers, who see levels but not scores (SPEC §6 SupplierScores_VIEW).
            ...(['Low', 'None'] as const).map((level) => ({
              propertyName: CARD_PRODUCT_INFO[product].levelField,
              comparisonOperator: 'NotEqual' as const,
              value: level,
              allowNullValue: false,
            })),
          ],
        });
        return { product, name: CARD_PRODUCT_INFO[product].name, suppliers: page.collection };
      }),
    );
  }

  return {
    completedJob,

    /**
     * Chromium started ahead of the first PDF and kept while the process runs: called when a
     * process's ProQ worker starts (config PDF_BROWSER_WARM). False when Chromium is missing.
     */
    warmPdfBrowser: () => warmPdfBrowser(),
    /** Closes the kept Chromium (the app's onClose, a standalone worker's shutdown). */
    closePdfBrowsers,

    /** The report's and the deck's top suppliers; either tab's permission will do. */
    async topSuppliers(actor: Actor, jobId: string, slice: InsightSliceQuery) {
      if (
        !actorCan(actor, 'JobTab_InsightsReport_VIEW') &&
        !actorCan(actor, 'JobTab_InsightsPresentation_VIEW')
      ) {
        throw AppError.forbidden('You may not open the Insights Report of this job.');
      }
      return topSuppliers(actor, await completedJob(actor, jobId), slice);
    },

    /**
     * A PDF request checked before it is queued: a known report type (400 naming it), the
     * permission of the tab it prints (403), a visible (404) and Completed (409) job. Answers
     * the printable route to print and the report's title.
     */
    async checkPdfRequest(actor: Actor, jobId: string, request: ReportPdfRequest) {
      const type = request.analysisReportType;
      if (!isPrintableReportType(type)) {
        throw AppError.badRequest(
          `Unknown report type "${type}": the printable reports are ${PRINTABLE_REPORT_TYPES.join(', ')}.`,
          'analysisReportType',
        );
      }
      if (!actorCan(actor, PRINTABLE_REPORT_PERMISSIONS[type])) {
        throw AppError.forbidden(
          `You may not open the ${PRINTABLE_REPORT_TITLES[type]} of this job.`,
        );
      }
      const job = await completedJob(actor, jobId);
      const params = request.params.replace(/^\/+|\/+$/g, '');
      return {
        job,
        type: type as PrintableReportType,
        title: PRINTABLE_REPORT_TITLES[type],
        path: `/jobs/${job.id}/printable/${type}${params ? `/${params}` : ''}`,
        fileName: fileNameOf(job.name, PRINTABLE_REPORT_TITLES[type], 'pdf'),
      };
    },

    /**
     * Prints a printable route to PDF as the actor: Chromium opens it with a session of the
     * actor's own (same user, same active roles), ended as soon as the page is printed.
     */
    async renderPdf(actor: Actor, jobId: string, request: ReportPdfRequest) {
      const checked = await this.checkPdfRequest(actor, jobId, request);
      const session = await deps.auth.startRenderSession(actor, RENDER_SESSION_MS);
      try {
        const pdf = await renderPrintablePdf({
          baseUrl: deps.baseUrl(),
          path: checked.path,
          session: session.token,
        });
        return { ...checked, pdf };
      } finally {
        await session.end();
      }
    },

    /** The Insights Presentation as a PowerPoint file (SPEC §2 presentation). */
    async presentationPptx(actor: Actor, jobId: string) {
      const job = await completedJob(actor, jobId);
      const [summary, charts, branding, top] = await Promise.all([
        deps.insights.summary(actor, job.id, OVERALL),
        Promise.all(
          REPORT_KEY_CHARTS.map(async (chart) => ({
            chart,
            title: CHART_TITLES[chart] ?? chart,
            data: await deps.insights.chart(actor, job.id, { ...OVERALL, chart }),
          })),
        ),
        brandingOf(job),
        topSuppliers(actor, job, OVERALL),
      ]);
      const buffer = await writePresentationPptx({
        jobName: job.name,
        issuerName: job.issuerName,
        buyerName: job.buyerName,
        brandName: branding.name,
        colours: branding.colours,
        currency: job.currency,
        summary,
        charts,
        // Products without a Medium or High supplier get no slide of their own.
        topSuppliers: top.filter((t) => t.suppliers.length > 0),
        generatedAt: new Date(),
      });
      return { fileName: fileNameOf(job.name, 'Insights Presentation', 'pptx'), buffer };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
