import { access, constants } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { PermanentCommandError } from '../proq/command-registry.js';

/**
 * Chromium as the browser journeys launch it (playwright.config.ts): Debian's package, never a
 * downloaded browser, with the same flags.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Chromium cannot be started: retrying will not help until it is installed. */
export async function requireChromium(executablePath: string): Promise<void> {
  try {
    await access(executablePath, constants.X_OK);
  } catch {
    throw new PermanentCommandError(
      `Chromium is needed to print reports to PDF and was not found at ${executablePath}: install the Debian package "chromium" (apt-get install chromium) or set CHROMIUM_PATH to its executable.`,
    );
  }
}

export type RenderPdfInput = {
  /** Where this server answers, e.g. http://127.0.0.1:3000 (config REPORT_BASE_URL). */
  baseUrl: string;
  /** The printable route, e.g. /jobs/{id}/printable/insights. */
  path: string;
  /** A session token of the user the report is printed for (auth.startRenderSession). */
  session: string;
  executablePath?: string;
  timeoutMs?: number;
};

/**
 * Prints a printable route to an A4 PDF: opens it as the user (their session cookie), waits
 * until the page says it is ready — `data-report-ready` on a report body, or no progress bar
 * left once the network is quiet — and prints it with the print stylesheet and backgrounds.
 */
export async function renderPrintablePdf({
  baseUrl,
  path,
  session,
  executablePath = chromiumPath(),
  timeoutMs = 60_000,
}: RenderPdfInput): Promise<Buffer> {
  await requireChromium(executablePath);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1100, height: 1400 } });
    await context.addCookies([
      { name: 'b2b_session', value: session, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    await page.emulateMedia({ media: 'print' });
    const url = new URL(path, baseUrl).toString();
    await page.goto(url, { waitUntil: 'networkidle', timeout: timeoutMs });
    // A page that is not the printable frame (the sign-in page, an error page) is not printed.
    await page.waitForSelector('[data-frame="printable"]', { timeout: timeoutMs });
    // Locators, not a function evaluated in the page: the app's CSP forbids eval.
    if ((await page.locator('[data-report-ready]').count()) > 0) {
      await page.locator('[data-report-ready="true"]').waitFor({ timeout: timeoutMs });
    } else {
      const deadline = Date.now() + timeoutMs;
      while ((await page.locator('[role="progressbar"]').count()) > 0) {
        if (Date.now() > deadline) throw new Error('The report did not finish loading.');
        await page.waitForTimeout(100);
      }
    }
    return await page.pdf({
      format: 'A4',
      printBackground: true,
      margin: { top: '12mm', bottom: '14mm', left: '10mm', right: '10mm' },
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate:
        '<div style="font-size:8px;width:100%;text-align:center;color:#666"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
    });
  } finally {
    await browser.close();
  }
}
