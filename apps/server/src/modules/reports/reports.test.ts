import { inflateRawSync } from 'node:zlib';
import { CARD_PRODUCT_INFO, type JobDetails, type ReportTopSuppliers } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { PermanentCommandError } from '../proq/command-registry.js';
import { renderPrintablePdf } from './pdf-renderer.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('reports');

let admin: string;
let job: JobDetails;
let draft: JobDetails;

/** The entries of a zip file by name (stored or deflated), read from its central directory. */
function unzip(zip: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return entries;
}

beforeAll(async () => {
  const { admin: cookie, merchants } = signedIn();
  admin = cookie;
  ({ job } = await pipeline.jobAt('completed', { cookie, merchants }));
  ({ job: draft } = await pipeline.jobAt('draft', { cookie, merchants }));
}, 180_000);

describe('the Insights Presentation as PowerPoint', () => {
  it('holds the story as slides with native charts and speaker notes', async () => {
    const res = await t.request({ url: `${base}/${job.id}/presentation.pptx`, cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${job.name.replace(/\W+/g, '_')}_Insights_Presentation.pptx"`,
    );
    const files = unzip(res.rawPayload);
    const slides = [...files.keys()].filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    const text = slides.map((f) => files.get(f)!).join('\n');
    expect(text).toContain(job.name);
    for (const title of ['Summary', 'Spend by card product', 'Card acceptance', 'Payment methods'])
      expect(text).toContain(`>${title}<`);
    for (const tile of ['Suppliers', 'Spend', 'POs', 'Invoices', 'Payments'])
      expect(text).toContain(`>${tile}<`);
    expect(text).toContain('How the figures were made');

    // Native charts from the data, not pictures: chart parts with their series.
    const charts = [...files.keys()].filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f));
    expect(charts.length).toBeGreaterThanOrEqual(3);
    const chartXml = charts.map((f) => files.get(f)!).join('\n');
    expect(chartXml).toContain('<c:barChart>');
    expect(chartXml).toContain('<c:pieChart>');
    // Products in SPEC's display order on the product chart.
    const productChart = charts.map((f) => files.get(f)!).find((x) => x.includes('Virtual Card'))!;
    const order = ['Optima', 'STP', 'Virtual Card', 'PCard', 'T&amp;E Card', 'SCF'];
    const positions = order.map((name) => productChart.indexOf(`<c:v>${name}</c:v>`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Each chart carries its data as an embedded workbook (PowerPoint's "Edit data"); no images.
    expect([...files.keys()].filter((f) => /^ppt\/embeddings\/.+\.xlsx$/.test(f))).toHaveLength(
      charts.length,
    );
    expect([...files.keys()].filter((f) => /^ppt\/media\/.+/.test(f))).toEqual([]);

    // Speaker notes on every slide; the title's introduces the analysis.
    const notes = [...files.keys()].filter((f) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(f));
    expect(notes.length).toBe(slides.length);
    expect(notes.map((f) => files.get(f)!).join('\n')).toContain('Introduce the analysis');
    // The issuer's theme colour (PayTech Bank's PayTech branding) fills the title slide.
    expect(text).toContain('5B2C83');
  });

  it('answers 409 naming the state of a job that is not Completed', async () => {
    const res = await t.request({ url: `${base}/${draft.id}/presentation.pptx`, cookie: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('is Draft');
  });

  it('refuses a role without the presentation tab', async () => {
    const cookie = await t.signIn('matcheddataonlyjobcreator@example.com');
    const res = await t.request({ url: `${base}/${job.id}/presentation.pptx`, cookie });
    expect(res.statusCode).toBe(403);
  });
});

describe('the report’s top suppliers', () => {
  it('shows an issuer member the same suppliers by their levels, without the scores', async () => {
    await pipeline.publish(job.id, admin);
    const top = async (cookie: string) => {
      const res = await t.request({ url: `${base}/${job.id}/report/top-suppliers`, cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ReportTopSuppliers>();
    };
    const asAdmin = await top(admin);
    const asMember = await top(await t.signIn('issuer@example.com'));
    const keys = (list: ReportTopSuppliers) =>
      list.map((p) => [p.product, p.suppliers.map((s) => s.supplierKey)]);
    expect(keys(asMember)).toEqual(keys(asAdmin));
    expect(asAdmin.some((p) => p.suppliers.length > 0)).toBe(true);
    for (const { product, suppliers } of asAdmin) {
      const { scoreField, levelField } = CARD_PRODUCT_INFO[product];
      for (const s of suppliers) expect(['High', 'Medium']).toContain(s[levelField]);
      for (const s of asMember.find((p) => p.product === product)!.suppliers)
        expect(s[scoreField]).toBeNull();
    }
  });
});

describe('requesting a report PDF', () => {
  const requestPdf = (jobId: string, params: object, cookie = admin) =>
    t.request({
      method: 'POST',
      url: `${base}/${jobId}/downloads`,
      cookie,
      payload: { kind: 'report-pdf', format: 'pdf', params },
    });

  it('answers 400 naming an unknown report type', async () => {
    const res = await requestPdf(job.id, { analysisReportType: 'horoscope' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Unknown report type "horoscope"');
  });

  it('answers 400 naming a param that is not a path', async () => {
    const res = await requestPdf(job.id, { analysisReportType: 'insights', params: '../x' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('params.params');
  });

  it('answers 409 naming the state of a job that is not Completed', async () => {
    const res = await requestPdf(draft.id, { analysisReportType: 'insights' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('is Draft');
  });

  it('refuses a user who sees the job but not the tab the report prints', async () => {
    // Published, the job is seen by every member of its issuer.
    await pipeline.publish(job.id, admin);
    const cookie = await t.signIn('matcheddataonlyjobcreator@example.com');
    const res = await requestPdf(job.id, { analysisReportType: 'insights' }, cookie);
    expect(res.statusCode).toBe(403);
  });
});

describe('the PDF renderer', () => {
  it('ends in a permanent error naming the package when Chromium is missing', async () => {
    const rendering = renderPrintablePdf({
      baseUrl: 'http://127.0.0.1:9',
      path: '/jobs/x/printable/insights',
      session: 'unused',
      executablePath: '/nonexistent/chromium',
    });
    await expect(rendering).rejects.toBeInstanceOf(PermanentCommandError);
    await expect(rendering).rejects.toThrow(
      /Debian package "chromium".*CHROMIUM_PATH|CHROMIUM_PATH.*"chromium"/,
    );
  });
});
