import { access, constants } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
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
  /** Told each phase's milliseconds (browser, page load, ready, print), for the benchmark. */
  onPhase?: (phase: PdfPhase, ms: number) => void;
};
export type PdfPhase = 'browser' | 'load' | 'ready' | 'print';

/** How long a browser is kept after its last PDF: a burst of PDFs skips Chromium's start. */
const IDLE_CLOSE_MS = 60_000;

type WarmBrowser = { browser: Promise<Browser>; users: number; idle?: NodeJS.Timeout };
/**
 * One Chromium per executable, launched on the first PDF and shared by the following ones (each
 * in its own context, so no cookie or page is shared): starting Chromium took 2–3 s of a
 * PDF's 6 (docs/perf/outputs.md). It closes after a minute without a PDF, when it crashes,
 * or on closePdfBrowsers().
 */
const warm = new Map<string, WarmBrowser>();
/**
 * Executables kept running for the process's life (warmPdfBrowser): no idle close, and a browser
 * that crashed is started again by the next PDF and kept too.
 */
const kept = new Set<string>();

async function acquireBrowser(executablePath: string) {
  let entry = warm.get(executablePath);
  if (!entry) {
    const launching = chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const created: WarmBrowser = { browser: launching, users: 0 };
    entry = created;
    warm.set(executablePath, created);
    launching.then(
      (b) =>
        b.on(
          'disconnected',
          () => warm.get(executablePath) === created && warm.delete(executablePath),
        ),
      () => warm.get(executablePath) === created && warm.delete(executablePath),
    );
  }
  clearTimeout(entry.idle);
  entry.users++;
  const held = entry;
  const release = () => {
    held.users--;
    if (held.users > 0 || warm.get(executablePath) !== held || kept.has(executablePath)) return;
    held.idle = setTimeout(() => {
      warm.delete(executablePath);
      void held.browser.then((b) => b.close()).catch(() => undefined);
    }, IDLE_CLOSE_MS);
    held.idle.unref();
  };
  try {
    return { browser: await held.browser, release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Starts the shared Chromium ahead of the first PDF and keeps it until closePdfBrowsers(): a
 * process whose ProQ worker prints reports calls it as the worker starts, so the first PDF does
 * not pay Chromium's start (the first PDF of a process took 8.4 s against 3.3–3.6 s for the
 * next ones, docs/perf/outputs.md). A first context and page start Chromium's renderer and
 * network processes too. Without Chromium it starts nothing and answers false: a PDF then
 * fails with the message naming the package (requireChromium), and nothing else is affected.
 */
export async function warmPdfBrowser(executablePath: string = chromiumPath()): Promise<boolean> {
  try {
    await access(executablePath, constants.X_OK);
  } catch {
    return false;
  }
  kept.add(executablePath);
  const { browser, release } = await acquireBrowser(executablePath);
  try {
    const context = await browser.newContext();
    await context.newPage();
    await context.close();
    return true;
  } finally {
    release();
  }
}

/** Closes the kept browsers (the app's onClose, a worker's shutdown). */
export async function closePdfBrowsers(): Promise<void> {
  const entries = [...warm.values()];
  warm.clear();
  kept.clear();
  await Promise.all(
    entries.map(async (e) => {
      clearTimeout(e.idle);
      await (await e.browser.catch(() => undefined))?.close();
    }),
  );
}

/**
 * Prints a printable route to an A4 PDF: opens it as the user (their session cookie), waits
 * until the page says it is ready — `data-report-ready` or `data-printable-ready` turning true,
 * or, for a body without either, no progress bar left once the network is quiet — and prints it
 * with the print stylesheet and backgrounds. Reduced motion is asked for, so charts draw
 * without their animation.
 */
export async function renderPrintablePdf({
  baseUrl,
  path,
  session,
  executablePath = chromiumPath(),
  timeoutMs = 60_000,
  onPhase,
}: RenderPdfInput): Promise<Buffer> {
  await requireChromium(executablePath);
  let at = performance.now();
  const phase = (name: PdfPhase) => {
    const now = performance.now();
    onPhase?.(name, now - at);
    at = now;
  };
  const { browser, release } = await acquireBrowser(executablePath);
  phase('browser');
  const context = await browser.newContext({
    viewport: { width: 1100, height: 1400 },
    reducedMotion: 'reduce',
  });
  try {
    await context.addCookies([
      { name: 'b2b_session', value: session, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    await page.emulateMedia({ media: 'print', reducedMotion: 'reduce' });
    const url = new URL(path, baseUrl).toString();
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    // A page that is not the printable frame (the sign-in page, an error page) is not printed.
    await page.waitForSelector('[data-frame="printable"]', { timeout: timeoutMs });
    phase('load');
    await untilReady(page, timeoutMs);
    phase('ready');
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      margin: { top: '12mm', bottom: '14mm', left: '10mm', right: '10mm' },
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate:
        '<div style="font-size:8px;width:100%;text-align:center;color:#666"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
    });
    phase('print');
    return pdf;
  } finally {
    await context.close().catch(() => undefined);
    release();
  }
}

/**
 * Until the report body says it is ready; a body that says nothing is ready once the network
 * has been quiet (Playwright's 500 ms) and no progress bar is left. Locators, not a function
 * evaluated in the page: the app's CSP forbids eval.
 */
async function untilReady(page: Page, timeoutMs: number): Promise<void> {
  const marked = page
    .locator('[data-report-ready="true"], [data-printable-ready="true"]')
    .first()
    .waitFor({ timeout: timeoutMs });
  const quiet = (async () => {
    await page.waitForLoadState('networkidle', { timeout: timeoutMs });
    if ((await page.locator('[data-report-ready], [data-printable-ready]').count()) > 0) {
      return marked;
    }
    const deadline = Date.now() + timeoutMs;
    while ((await page.locator('[role="progressbar"]').count()) > 0) {
      if (Date.now() > deadline) throw new Error('The report did not finish loading.');
      await page.waitForTimeout(100);
    }
  })();
  // The loser of the race fails once the page is closed: nobody waits for it then.
  marked.catch(() => undefined);
  quiet.catch(() => undefined);
  await Promise.race([marked, quiet]);
}
