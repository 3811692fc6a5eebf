import { UK_SIC_2007_SECTIONS } from '@b2b/contract';
/**
 * Industry classifications the insights charts group by. Only the top levels carry names (the
 * published division and sector titles); finer levels are labelled by their code, which is
 * what analysts quote anyway ("SIC 7372").
 */

/** SIC divisions by the two-digit major-group ranges of the 1987 SIC manual. */
export const SIC_DIVISIONS = [
  { from: 1, to: 9, label: 'A: Agriculture, Forestry and Fishing' },
  { from: 10, to: 14, label: 'B: Mining' },
  { from: 15, to: 17, label: 'C: Construction' },
  { from: 20, to: 39, label: 'D: Manufacturing' },
  {
    from: 40,
    to: 49,
    label: 'E: Transportation, Communications, Electric, Gas and Sanitary Services',
  },
  { from: 50, to: 51, label: 'F: Wholesale Trade' },
  { from: 52, to: 59, label: 'G: Retail Trade' },
  { from: 60, to: 67, label: 'H: Finance, Insurance and Real Estate' },
  { from: 70, to: 89, label: 'I: Services' },
  { from: 91, to: 97, label: 'J: Public Administration' },
  { from: 99, to: 99, label: 'K: Nonclassifiable Establishments' },
] as const;

/** NAICS 2017 sectors by their two-digit codes. */
export const NAICS_SECTORS: Record<string, string> = {
  '11': 'Agriculture, Forestry, Fishing and Hunting',
  '21': 'Mining, Quarrying, and Oil and Gas Extraction',
  '22': 'Utilities',
  '23': 'Construction',
  '31': 'Manufacturing',
  '32': 'Manufacturing',
  '33': 'Manufacturing',
  '42': 'Wholesale Trade',
  '44': 'Retail Trade',
  '45': 'Retail Trade',
  '48': 'Transportation and Warehousing',
  '49': 'Transportation and Warehousing',
  '51': 'Information',
  '52': 'Finance and Insurance',
  '53': 'Real Estate and Rental and Leasing',
  '54': 'Professional, Scientific, and Technical Services',
  '55': 'Management of Companies and Enterprises',
  '56': 'Administrative and Support and Waste Management and Remediation Services',
  '61': 'Educational Services',
  '62': 'Health Care and Social Assistance',
  '71': 'Arts, Entertainment, and Recreation',
  '72': 'Accommodation and Food Services',
  '81': 'Other Services (except Public Administration)',
  '92': 'Public Administration',
};

/**
 * MCC types: travel and entertainment (DOMAIN.md: airlines, car hire and hotels 3000–3999,
 * transport 4111–4722, lodging 7011, eating places 5811–5814), goods (retail 5000–5999),
 * government (9000–9999) and services (everything else).
 */
export function mccTypeSql(mccNumber: string): string {
  return `CASE
    WHEN ${mccNumber} IS NULL THEN NULL
    WHEN ${mccNumber} BETWEEN 3000 AND 3999 OR ${mccNumber} BETWEEN 4111 AND 4722
      OR ${mccNumber} = 7011 OR ${mccNumber} BETWEEN 5811 AND 5814 THEN 'Travel and entertainment'
    WHEN ${mccNumber} BETWEEN 5000 AND 5999 THEN 'Goods'
    WHEN ${mccNumber} BETWEEN 9000 AND 9999 THEN 'Government'
    ELSE 'Services' END`;
}

export function sicDivisionSql(majorGroup: string): string {
  const branches = SIC_DIVISIONS.map(
    (d) => `WHEN ${majorGroup} BETWEEN ${d.from} AND ${d.to} THEN '${d.label}'`,
  ).join(' ');
  return `CASE ${branches} END`;
}

export function naicsSectorSql(sector: string): string {
  const branches = Object.entries(NAICS_SECTORS)
    .map(([code, label]) => `WHEN '${code}' THEN '${code}: ${label.replace(/'/g, "''")}'`)
    .join(' ');
  return `CASE ${sector} ${branches} END`;
}

/**
 * UK SIC 2007 sections (the contract's table of the ONS structure) as chart labels, "J:
 * Information and communication". Companies House gives a company's codes in this scheme, five
 * digits long; the 1987 SIC divisions above would misname them, so the charts keep the two apart.
 */
const UK_SIC_SECTION_LABELS = UK_SIC_2007_SECTIONS.map((s) => ({
  from: s.divisions[0],
  to: s.divisions[1],
  label: `${s.letter}: ${s.title}`,
}));

/** The UK SIC 2007 section of a code ("62012" → J), or null for a code outside every section. */
export function ukSicSection(code: string): string | null {
  const division = Number(code.replace(/\D/g, '').slice(0, 2));
  return UK_SIC_SECTION_LABELS.find((s) => division >= s.from && division <= s.to)?.label ?? null;
}

export function ukSicSectionSql(division: string): string {
  const branches = UK_SIC_SECTION_LABELS.map(
    (d) =>
      `WHEN ${division} BETWEEN ${d.from} AND ${d.to} THEN 'UK SIC ${d.label.replaceAll("'", "''")}'`,
  ).join(' ');
  return `CASE ${branches} END`;
}
