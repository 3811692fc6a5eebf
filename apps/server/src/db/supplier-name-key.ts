import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The key a supplier name is compared by when an issuer's supplier lists name suppliers (SPEC §3
 * hasSupplierIncludeList / hasSupplierExcludeList): "ACME Ltd.", "Acme ltd" and "Acmé" are one
 * supplier. Two forms that must agree exactly: `supplierNameKey` for the names a list stores,
 * and `supplierNameKeySql` for a job's result rows, which stay in the database (a job may hold
 * a million suppliers). Both are built from the tables below; a test runs both on messy names.
 *
 * The steps: accented Latin letters become their base letter and A–Z lower case (by `translate`,
 * not `lower()`, whose result on other letters depends on the database's locale); full stops
 * go ("S.A." is "SA", "J.P." is "JP"); every run of other characters becomes one space;
 * trailing legal forms ("ltd", "gmbh", "& co") go, unless nothing else is left.
 */
const FOLDS: Record<string, string> = {
  a: 'ÀÁÂÃÄÅàáâãäå',
  c: 'Çç',
  e: 'ÈÉÊËèéêë',
  i: 'ÌÍÎÏìíîï',
  n: 'Ññ',
  o: 'ÒÓÔÕÖØòóôõöø',
  u: 'ÙÚÛÜùúûü',
  y: 'Ýýÿ',
};
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const FOLD_FROM = Object.values(FOLDS).join('') + UPPER;
const FOLD_TO =
  Object.entries(FOLDS)
    .map(([base, letters]) => base.repeat([...letters].length))
    .join('') + UPPER.toLowerCase();

const LEGAL_FORMS = [
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'plc',
  'gmbh',
  'co',
  'corp',
  'corporation',
  'company',
  'sa',
  'sas',
  'sarl',
  'bv',
  'nv',
  'ag',
  'pty',
];
const TRAILING_LEGAL_FORMS = `( (${LEGAL_FORMS.join('|')}))+ *$`;

const folding = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i]!]));

/** The comparison key of a supplier name ('' for a name of no letters or digits). */
export function supplierNameKey(name: string): string {
  const folded = [...name].map((c) => folding.get(c) ?? c).join('');
  const spaced = ` ${folded.replaceAll('.', '').replace(/[^a-z0-9]+/g, ' ')} `;
  const stripped = spaced.replace(new RegExp(TRAILING_LEGAL_FORMS), ' ').trim();
  return stripped || spaced.trim();
}

/** `supplierNameKey` of a text column or expression, in SQL. */
export function supplierNameKeySql(name: AnyColumn | SQL): SQL<string> {
  const spaced = sql`(' ' || regexp_replace(replace(translate(${name}, ${FOLD_FROM}::text, ${FOLD_TO}::text), '.', ''), '[^a-z0-9]+', ' ', 'g') || ' ')`;
  return sql<string>`coalesce(nullif(btrim(regexp_replace(${spaced}, ${TRAILING_LEGAL_FORMS}::text, ' ')), ''), btrim(${spaced}))`;
}
