/**
 * A reproducible corpus of distractor documents for the chat benchmark: supplier-review notes
 * in the product's own vocabulary (suppliers, invoices, cards, campaigns...), so retrieval has to
 * find the user guide's answers among a thousand pages that use the same words.
 */

/** mulberry32: a small seeded generator, so every run indexes the same text. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = [
  'Acme',
  'Northwind',
  'Harbour',
  'Crown',
  'Summit',
  'Meridian',
  'Oakfield',
  'Bluebell',
  'Granite',
  'Pioneer',
  'Riverside',
  'Beacon',
  'Kestrel',
  'Highland',
  'Atlas',
  'Sterling',
  'Evergreen',
  'Falcon',
  'Horizon',
  'Juniper',
];
const KINDS = [
  'Office Supplies',
  'Logistics',
  'Facilities',
  'Catering',
  'Engineering',
  'Print Services',
  'IT Solutions',
  'Cleaning',
  'Security',
  'Packaging',
  'Couriers',
  'Consulting',
  'Hotels',
  'Travel',
  'Fleet Services',
];
const SUFFIXES = ['Ltd', 'Limited', 'plc', 'Inc', 'LLC', 'GmbH', '& Co'];
const CITIES = [
  'Leeds',
  'Bristol',
  'Manchester',
  'Glasgow',
  'Cardiff',
  'Dublin',
  'Hamburg',
  'Lyon',
  'Chicago',
  'Toronto',
  'Rotterdam',
  'Madrid',
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const METHODS = ['cheque', 'ACH', 'wire transfer', 'card', 'direct debit'];
const PRODUCTS = [
  'virtual card',
  'purchasing card',
  'travel card',
  'supply chain finance',
  'instant payment',
  'straight-through payment',
];
const NETWORKS = ['Visa', 'Mastercard', 'Amex', 'Discover'];
const TOPICS = [
  'acceptance fees',
  'remittance details',
  'settlement times',
  'chargebacks',
  'reconciliation',
  'payment terms',
  'data security',
  'refunds',
];
const INDUSTRIES = [
  'construction',
  'healthcare',
  'education',
  'manufacturing',
  'hospitality',
  'transport',
  'retail',
  'utilities',
  'professional services',
];
const BUYERS = [
  'Westshire County Council',
  'Brightwater Health Trust',
  'Carter Manufacturing',
  'Lakeside University',
  'Orion Retail Group',
  'Metro Transit Authority',
];

export type CorpusDocument = { filename: string; text: string; pages: number };

/** `documents` text files of `pagesPerDocument` pages each, pages separated by form feeds. */
export function generateCorpus(
  documents: number,
  pagesPerDocument: number,
  seed = 42,
): CorpusDocument[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const money = () => int(1, 900) * 1000 + int(0, 999);
  const supplier = () => `${pick(NAMES)} ${pick(KINDS)} ${pick(SUFFIXES)}`;
  const sentences: (() => string)[] = [
    () =>
      `Supplier ${supplier()} in ${pick(CITIES)} received ${money().toLocaleString('en-GB')} GBP across ${int(2, 90)} invoices in ${pick(MONTHS)}, paid by ${pick(METHODS)} on ${int(15, 90)}-day terms.`,
    () =>
      `The accounts payable team reviewed ${int(5, 400)} purchase orders with ${supplier()} and flagged ${int(0, 12)} duplicates for credit notes.`,
    () =>
      `${supplier()} confirmed it accepts ${pick(PRODUCTS)} payments through its ${pick(NETWORKS)} acquirer in ${pick(CITIES)}.`,
    () =>
      `Enrolment call with ${supplier()}: the contact asked about ${pick(TOPICS)} and requested a follow-up in ${int(2, 21)} days.`,
    () =>
      `Spend with ${pick(INDUSTRIES)} suppliers rose ${int(1, 40)} percent compared with ${pick(MONTHS)}, mostly paid by ${pick(METHODS)}.`,
    () =>
      `The treasury team prefers ${pick(PRODUCTS)} for ${pick(INDUSTRIES)} suppliers above ${money().toLocaleString('en-GB')} a year.`,
    () =>
      `${supplier()} declined card payments because of an acceptance fee of ${int(1, 3)}.${int(0, 9)} percent.`,
    () =>
      `Remittance advice for payment ${int(100000, 999999)} was e-mailed to the ${pick(KINDS).toLowerCase()} desk of ${supplier()}.`,
    () =>
      `The ${pick(TOPICS)} question from ${supplier()} was passed to the issuer's enablement team on ${int(1, 28)} ${pick(MONTHS)}.`,
    () =>
      `Average invoice value with ${supplier()} is ${int(100, 20000).toLocaleString('en-GB')} GBP and ${int(1, 30)} payments are made each quarter.`,
  ];
  const corpus: CorpusDocument[] = [];
  for (let d = 0; d < documents; d++) {
    const buyer = pick(BUYERS);
    const pages: string[] = [];
    for (let p = 0; p < pagesPerDocument; p++) {
      const lines = [`## Supplier review ${d + 1}.${p + 1}: ${buyer}`, ''];
      let size = 0;
      while (size < 1900) {
        const paragraph = Array.from({ length: int(2, 5) }, () => pick(sentences)()).join(' ');
        lines.push(paragraph, '');
        size += paragraph.length;
      }
      pages.push(lines.join('\n'));
    }
    const filename = `supplier-review-notes-${String(d + 1).padStart(2, '0')}.md`;
    corpus.push({
      filename,
      text: `# Supplier review notes: ${buyer}\n\n${pages.join('\n\f\n')}`,
      pages: pagesPerDocument,
    });
  }
  return corpus;
}
