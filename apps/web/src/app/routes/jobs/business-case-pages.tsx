import { JobFrame } from '../../../modules/jobs/components/job-frame';
import { BusinessCaseCalculatorPage } from '../../../modules/business-case/pages/business-case-calculator-page';
import { BusinessCaseDownloadPage } from '../../../modules/business-case/pages/business-case-download-page';
import { DownloadPdfButton } from '../../../modules/reports/components/download-pdf-button';
import { useT } from '../../../lib/i18n';

/*
 * The business case pages inside the jobs module's job frame (tabs, status). A module reaches
 * another only through its api/, so the composition lives here (route-pages.ts).
 */

export function BusinessCaseCalculatorRoute() {
  return <JobFrame>{(job) => <BusinessCaseCalculatorPage job={job} />}</JobFrame>;
}

export function BusinessCaseDownloadRoute() {
  const t = useT();
  // The PDF summary (SPEC §2 business-case-download) prints printable/business-case/{scenarioId}
  // with the reports module's queued Chromium command, as the Insights Report's PDF.
  return (
    <JobFrame>
      {(job) => (
        <BusinessCaseDownloadPage
          job={job}
          pdfAction={(scenarioId, name) => (
            <DownloadPdfButton
              jobId={job.id}
              analysisReportType="business-case"
              params={scenarioId ?? ''}
              label={t('Download PDF: summary of {{name}}', { name })}
            />
          )}
        />
      )}
    </JobFrame>
  );
}
