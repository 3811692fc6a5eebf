import {
  REPORT_METHOD_NOTES,
  type InsightChart,
  type InsightChartData,
  type JobSummary,
  type ReportTopSuppliers,
} from '@b2b/contract';
import PptxGenJS from 'pptxgenjs';

/** Everything one deck shows: gathered by the reports service, drawn here. */
export type PresentationData = {
  jobName: string;
  issuerName: string;
  buyerName: string;
  brandName: string;
  colours: { primary: string; secondary: string };
  currency: string;
  summary: JobSummary;
  charts: { chart: InsightChart; title: string; data: InsightChartData }[];
  topSuppliers: ReportTopSuppliers;
  generatedAt: Date;
};

const hex = (colour: string) => colour.replace('#', '').toUpperCase();
const money = (value: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
    value,
  );
const whole = (value: number) => value.toLocaleString('en-GB');
const percent = (part: number, total: number) =>
  total > 0 ? `${Math.round((part / total) * 100)}%` : '0%';

/** The most bars a slide's chart shows: beyond that the labels cannot be read on a slide. */
const SLIDE_BARS = 12;

/**
 * The Insights Presentation as a PowerPoint deck (SPEC §2 presentation): the same story as the
 * in-app slides, with native charts built from the data (editable in PowerPoint, not pictures),
 * the issuer's colours and name on every slide, and speaker notes that say what to point out.
 */
export async function writePresentationPptx(data: PresentationData): Promise<Buffer> {
  const { summary, currency } = data;
  const primary = hex(data.colours.primary);
  const secondary = hex(data.colours.secondary);
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.author = data.brandName;
  pptx.company = data.issuerName;
  pptx.title = `${data.jobName} — Insights Presentation`;
  pptx.defineSlideMaster({
    title: 'BRANDED',
    background: { color: 'FFFFFF' },
    objects: [
      { rect: { x: 0, y: 0, w: '100%', h: 0.12, fill: { color: primary } } },
      {
        text: {
          text: `${data.brandName} · ${data.jobName}`,
          options: { x: 0.4, y: 7.05, w: 9, h: 0.3, fontSize: 10, color: '666666' },
        },
      },
    ],
    slideNumber: { x: 12.4, y: 7.05, fontSize: 10, color: '666666' },
  });
  const slide = (title: string, notes: string) => {
    const s = pptx.addSlide({ masterName: 'BRANDED' });
    s.addText(title, { x: 0.4, y: 0.3, w: 12.5, h: 0.7, fontSize: 26, bold: true, color: primary });
    s.addNotes(notes);
    return s;
  };

  // 1. Title
  const title = pptx.addSlide({ masterName: 'BRANDED' });
  title.background = { color: primary };
  title.addText(data.jobName, {
    x: 0.6,
    y: 2.2,
    w: 12,
    h: 1.2,
    fontSize: 40,
    bold: true,
    color: 'FFFFFF',
  });
  title.addText(
    `Card payment opportunity for ${data.buyerName}\n${data.issuerName} · ${data.generatedAt.toISOString().slice(0, 10)}`,
    { x: 0.6, y: 3.5, w: 12, h: 1.2, fontSize: 20, color: 'FFFFFF' },
  );
  title.addNotes(
    `Introduce the analysis of ${data.buyerName}'s supplier spend: ${whole(summary.tiles.suppliers)} suppliers and ${money(summary.tiles.spend, currency)} of spend, matched against the card network's merchants and scored for each card product.`,
  );

  // 2. Summary tiles (SPEC §9: Suppliers, Spend, POs, Invoices, Payments)
  const tiles: [string, string][] = [
    ['Suppliers', whole(summary.tiles.suppliers)],
    ['Spend', money(summary.tiles.spend, currency)],
    ['POs', whole(summary.tiles.pos)],
    ['Invoices', whole(summary.tiles.invoices)],
    ['Payments', whole(summary.tiles.payments)],
  ];
  const tileSlide = slide(
    'Summary',
    `The buyer's spend at a glance: ${tiles.map(([label, value]) => `${label} ${value}`).join(', ')}.`,
  );
  tiles.forEach(([label, value], i) => {
    const x = 0.4 + i * 2.55;
    tileSlide.addShape(pptx.ShapeType.rect, {
      x,
      y: 1.6,
      w: 2.35,
      h: 1.6,
      fill: { color: 'F4F6F8' },
      line: { color: primary, width: 1 },
    });
    tileSlide.addText(label, {
      x,
      y: 1.7,
      w: 2.35,
      h: 0.4,
      fontSize: 14,
      color: '444444',
      align: 'center',
    });
    tileSlide.addText(value, {
      x,
      y: 2.2,
      w: 2.35,
      h: 0.7,
      fontSize: 22,
      bold: true,
      color: primary,
      align: 'center',
    });
  });

  // 3. Spend by card product, in SPEC's display order (the summary's order)
  const products = summary.spendByProduct;
  const best = [...products].sort((a, b) => b.spend - a.spend)[0];
  const productSlide = slide(
    'Spend by card product',
    best && best.spend > 0
      ? `${best.name} has the largest opportunity: ${whole(best.suppliers)} suppliers scoring Medium or High with ${money(best.spend, currency)} of spend (${percent(best.spend, summary.tiles.spend)} of all spend). A supplier can qualify for several products.`
      : 'No supplier scores Medium or High for any card product yet.',
  );
  productSlide.addChart(
    pptx.ChartType.bar,
    [
      {
        name: `Spend (${currency})`,
        labels: products.map((p) => p.name),
        values: products.map((p) => p.spend),
      },
    ],
    {
      x: 0.4,
      y: 1.2,
      w: 12.5,
      h: 5.6,
      barDir: 'bar',
      chartColors: [primary],
      showValue: true,
      dataLabelFormatCode: '#,##0',
      valAxisLabelFormatCode: '#,##0',
      showLegend: false,
    },
  );

  // 4. Card acceptance
  const accepted = summary.cardAcceptance.matched;
  const unmatched = summary.matchOutcome.find((m) => m.status === 'UNMATCHED');
  const acceptanceLabels = {
    YES: 'Accept cards',
    NO: 'Do not accept cards',
    UNKNOWN: 'Acceptance unknown',
  } as const;
  const acceptanceSlide = slide(
    'Card acceptance',
    `${summary.cardAcceptance.spendPercent}% of spend and ${summary.cardAcceptance.supplierPercent}% of suppliers are with suppliers whose merchant already accepts cards: they can be paid by card without enrolment.`,
  );
  acceptanceSlide.addChart(
    pptx.ChartType.pie,
    [
      {
        name: 'Spend',
        labels: [...accepted.map((a) => acceptanceLabels[a.acceptsCard]), 'Not matched'],
        values: [...accepted.map((a) => a.spend), unmatched?.spend ?? 0],
      },
    ],
    {
      x: 0.4,
      y: 1.2,
      w: 7,
      h: 5.6,
      chartColors: [primary, secondary, 'A0A0A0', 'D9D9D9'],
      showPercent: true,
      showLegend: true,
      legendPos: 'r',
    },
  );
  acceptanceSlide.addText(
    `${summary.cardAcceptance.spendPercent}% of spend\n${summary.cardAcceptance.supplierPercent}% of suppliers`,
    { x: 8, y: 2.5, w: 4.8, h: 2, fontSize: 28, bold: true, color: primary },
  );

  // 5. The key charts
  for (const { title: chartTitle, data: chart } of data.charts) {
    const bars = chart.bars.slice(0, SLIDE_BARS);
    const top = bars[0];
    const s = slide(
      chartTitle,
      !chart.available
        ? `This chart cannot be drawn for this job: ${chart.reason ?? 'its data lacks the dimension'}.`
        : top
          ? `${top.label} leads with ${chart.measure === 'suppliers' || chart.measure === 'documents' ? whole(top.value) : money(top.value, currency)}${chart.bars.length > SLIDE_BARS ? `; the slide shows the first ${SLIDE_BARS} of ${chart.bars.length}` : ''}.`
          : 'No suppliers in this chart.',
    );
    if (!chart.available || bars.length === 0) {
      s.addText(chart.reason ?? 'No data.', { x: 0.4, y: 2, w: 12, h: 1, fontSize: 18 });
      continue;
    }
    s.addChart(
      pptx.ChartType.bar,
      [{ name: chartTitle, labels: bars.map((b) => b.label), values: bars.map((b) => b.value) }],
      {
        x: 0.4,
        y: 1.2,
        w: 12.5,
        h: 5.6,
        barDir: 'col',
        chartColors: [primary],
        showValue: bars.length <= 8,
        dataLabelFormatCode: '#,##0',
        valAxisLabelFormatCode: '#,##0',
        showLegend: false,
      },
    );
  }

  // 6. Top suppliers per product
  for (const { name, suppliers } of data.topSuppliers) {
    const s = slide(
      `Top ${name} suppliers`,
      suppliers.length > 0
        ? `Start the ${name} conversation with ${suppliers[0]!.supplierName}: the largest of the suppliers scoring Medium or High for ${name}.`
        : `No supplier scores Medium or High for ${name}.`,
    );
    s.addTable(
      [
        ['Supplier', 'Annual spend', 'Paid by', 'Match'].map((text) => ({
          text,
          options: { bold: true, color: 'FFFFFF', fill: { color: primary } },
        })),
        ...suppliers.map((r) => [
          { text: r.supplierName },
          { text: r.annualSpend === null ? '—' : money(r.annualSpend, currency) },
          { text: r.mainPaymentMethod ?? '—' },
          { text: `${r.matchStatus} (${r.confidence})` },
        ]),
      ],
      { x: 0.4, y: 1.3, w: 12.5, fontSize: 14, border: { type: 'solid', color: 'CCCCCC', pt: 1 } },
    );
  }

  // 7. Method notes
  const method = slide(
    'How the figures were made',
    REPORT_METHOD_NOTES.map((n) => `${n.title}: ${n.text}`).join('\n\n'),
  );
  method.addText(
    REPORT_METHOD_NOTES.map((n) => ({
      text: `${n.title}. ${n.text}`,
      options: { bullet: true, breakLine: true },
    })),
    { x: 0.4, y: 1.2, w: 12.5, h: 5.6, fontSize: 14, valign: 'top', paraSpaceAfter: 8 },
  );

  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}
