import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closePdfBrowsers, renderPrintablePdf, warmPdfBrowser } from './pdf-renderer.js';

/** A printable frame that says it is ready at once: the renderer's side alone, no app. */
const PAGE = `<!doctype html><html><body><div data-frame="printable"><main data-report-ready="true"><h1>Warm report</h1></main></div></body></html>`;

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.restoreAllMocks();
  await closePdfBrowsers();
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('starting Chromium ahead of the first PDF', () => {
  it('starts nothing and answers false when Chromium is missing', async () => {
    const launch = vi.spyOn(chromium, 'launch');
    await expect(warmPdfBrowser('/nonexistent/chromium')).resolves.toBe(false);
    expect(launch).not.toHaveBeenCalled();
  });

  // Debian's chromium is installed wherever the tests run (scripts/ensure-browser.sh).
  it('prints the first PDF with the Chromium started beforehand, and closes it with the app', async () => {
    const browsers: Browser[] = [];
    const realLaunch = chromium.launch.bind(chromium);
    vi.spyOn(chromium, 'launch').mockImplementation(async (options) => {
      const browser = await realLaunch(options);
      browsers.push(browser);
      return browser;
    });

    await expect(warmPdfBrowser()).resolves.toBe(true);
    expect(browsers).toHaveLength(1);
    const phases: Record<string, number> = {};
    const pdf = await renderPrintablePdf({
      baseUrl,
      path: '/jobs/x/printable/insights',
      session: 'unused',
      onPhase: (phase, ms) => (phases[phase] = ms),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The kept browser served the PDF: nothing was launched for it.
    expect(browsers).toHaveLength(1);
    expect(browsers[0]!.isConnected()).toBe(true);
    expect(phases.browser).toBeLessThan(1000);

    await closePdfBrowsers();
    expect(browsers[0]!.isConnected()).toBe(false);
  });
});
