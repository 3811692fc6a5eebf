import type { FastifyBaseLogger } from 'fastify';
import type { ReportsService } from './reports.service.js';

/**
 * Starts the PDF renderer's Chromium in the background as a process's ProQ worker starts
 * (config PDF_BROWSER_WARM), so the first report PDF does not wait 2–3 s for it
 * (docs/perf/outputs.md). It says what happened in the log and never stops the start: without
 * Chromium a PDF fails later with the message naming the package.
 */
export function warmPdfBrowser(
  services: { reports: Pick<ReportsService, 'warmPdfBrowser'> },
  log: FastifyBaseLogger,
): void {
  const started = Date.now();
  services.reports.warmPdfBrowser().then(
    (ready) =>
      ready
        ? log.info({ ms: Date.now() - started }, 'Chromium started for report PDFs')
        : log.warn(
            'Chromium not found (CHROMIUM_PATH, default /usr/bin/chromium): report PDFs will fail until the Debian package "chromium" is installed',
          ),
    (error: unknown) => log.warn({ err: error }, 'Chromium could not be started ahead of PDFs'),
  );
}
