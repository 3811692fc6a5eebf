import { ensureInstalled, type EngineDb } from '../duckdb.js';
import {
  ADDRESS_NOISE_WORDS,
  COMPLETE_LEGAL_SUFFIXES,
  DESCRIPTOR_LENGTH,
  LEGAL_SUFFIXES,
  NAME_ABBREVIATIONS,
} from './normalise-words.js';

/**
 * Bumped whenever normalisation or the match index's layout (merchant entities) changes: a
 * reference version records the one its match index was built with and is re-indexed when it
 * differs, so both sides are always normalised alike and every index has the columns the matcher
 * reads.
 */
export const NORMALISATION_VERSION = 22;

/**
 * Shopify's descriptor: "SP " and the shop's name run together ("SP VISSERHAIRSTUDIO"), without
 * the asterisk other processors put. Only a run-together name of ten letters or more counts, so
 * a business called "SP Energy Networks" keeps its name.
 */
const SHOPIFY_DESCRIPTOR_RE = `'^sp [a-z0-9]{10,}$'`;
/**
 * What a cut at a descriptor's length leaves of a legal form not already among the legal
 * suffixes: "li" of Limited, "gm"/"gmb" of GmbH, "pt" of Pty, the first letters of Company,
 * Corporation and Incorporated. Shorter remnants ("c", "co", "lim") are handled as every name's.
 */
const CUT_FORM_RE = `' (li|gm|gmb|pt|comp|compa|compan|corpo|corpor|corpora|corporat|corporati|corporatio|inco|incor|incorp|incorpo|incorpor|incorpora|incorporat|incorporate)$'`;
const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
const caseMap = (m: Record<string, string>, v: string) =>
  `CASE ${v} ${Object.entries(m)
    .map(([k, x]) => `WHEN ${quote(k)} THEN ${quote(x)}`)
    .join(' ')} ELSE ${v} END`;

/** Wraps `source` in projections, each adding one column computed from the previous ones. */
function layered(source: string, steps: [string, string][], keep: string): string {
  const temp = steps.map(([c]) => c).filter((c) => c !== keep);
  const inner = steps.reduce(
    (sql, [col, expr]) => `SELECT *, ${expr} AS ${col} FROM (${sql})`,
    source,
  );
  return `SELECT * EXCLUDE (${temp.join(', ')}) FROM (${inner})`;
}

/** '&' → and, apostrophes dropped, other punctuation to spaces, spaces collapsed; each regular
 * expression runs only on values that need it. */
function cleanSteps(prefix: string, from: string): [string, string][] {
  const a = `${prefix}_a`;
  const p = `${prefix}_p`;
  const q = `${prefix}_q`;
  return [
    [
      a,
      `CASE WHEN contains(${from}, '&') OR contains(${from}, '+') THEN replace(replace(${from}, '&', ' and '), '+', ' and ') ELSE ${from} END`,
    ],
    [
      p,
      `CASE WHEN contains(${a}, '''') OR contains(${a}, '\u2019') OR contains(${a}, '\u0060') OR contains(${a}, '\u00b4') THEN regexp_replace(${a}, '[\\x{0027}\\x{0060}\\x{00B4}\\x{2019}]', '', 'g') ELSE ${a} END`,
    ],
    [
      q,
      `CASE WHEN regexp_matches(${p}, '[^a-z0-9 ]|  |^ | $') THEN trim(regexp_replace(regexp_replace(${p}, '[^a-z0-9 ]+', ' ', 'g'), ' {2,}', ' ', 'g')) ELSE ${p} END`,
    ],
  ];
}

/**
 * Adds `out`, the normalised form of a company name: folded to plain lower case; processor
 * prefixes dropped ("SQ *", "PAYPAL *"; "AMZN Mktp …" becomes "amazon marketplace"); store
 * numbers ("#1234", "store 12"), dotted initials joined ("A.C.S." → acs), '&' → and, punctuation
 * to spaces, abbreviations written out ("Intl Svcs" → international services), trailing legal
 * forms removed (Ltd, Limited, Inc, LLC, GmbH, plc, & Co, S.A. de C.V., truncated "Lt"/"Limi"), a
 * leading "the" and a trailing store number removed. NULL or blank names stay NULL.
 */
export function withNormalisedName(source: string, nameExpr: string, out: string): string {
  const n = (s: string) => `${out}__${s}`;
  const suffixRe = `'(?: (?:${LEGAL_SUFFIXES.join('|')}))+$'`;
  const abbreviationRe = `'(^| )(${Object.keys(NAME_ABBREVIATIONS).join('|')})( |$)'`;
  return layered(
    source,
    [
      [n('f'), `nullif(trim(b2b_fold(${nameExpr})), '')`],
      [
        n('c'),
        `CASE
        WHEN (starts_with(${n('f')}, 'amzn') OR starts_with(${n('f')}, 'amazon'))
          AND regexp_matches(${n('f')}, '^(amzn|amazon)\\s*(mktp|mktplace|marketplace|mkt)')
          THEN 'amazon marketplace'
        WHEN starts_with(${n('f')}, 'sp ') AND regexp_matches(${n('f')}, ${SHOPIFY_DESCRIPTOR_RE})
          THEN substr(${n('f')}, 4)
        WHEN contains(${n('f')}, '*')
          THEN regexp_replace(regexp_replace(${n('f')}, '^\\s*[a-z0-9 ._]{1,14}\\*\\s*', ''), '\\*.*$', '')
        ELSE ${n('f')} END`,
      ],
      [
        n('s'),
        `CASE WHEN contains(${n('c')}, '#') OR contains(${n('c')}, 'store')
        THEN regexp_replace(${n('c')}, '#\\s*[0-9]+|\\bstore\\s*(no\\.?|number)?\\s*[0-9]+', ' ', 'g')
        ELSE ${n('c')} END`,
      ],
      [
        n('i'),
        `CASE WHEN contains(${n('s')}, '.')
        THEN regexp_replace(${n('s')}, '([a-z])\\.([a-z])\\.', '\\1\\2', 'g') ELSE ${n('s')} END`,
      ],
      ...cleanSteps(n('x'), n('i')),
      [
        n('e'),
        `CASE WHEN regexp_matches(${n('x_q')}, ${abbreviationRe})
        THEN array_to_string(list_transform(string_split(${n('x_q')}, ' '), t -> ${caseMap(NAME_ABBREVIATIONS, 't')}), ' ')
        ELSE ${n('x_q')} END`,
      ],
      // A trailing single letter or a misspelt "limited" is what truncation and typing leave of
      // a legal form ("… (Pty) L", "… Limiteed").
      [n('v'), `regexp_replace(' ' || ${n('e')}, '( [a-z])+$', '')`],
      [
        n('l'),
        `CASE WHEN regexp_matches(${n('v')}, ' l[a-z]{4,7}$')
          AND damerau_levenshtein(regexp_extract(${n('v')}, ' ([a-z]+)$', 1), 'limited') <= 2
        THEN regexp_replace(${n('v')}, ' [a-z]+$', '') ELSE ${n('v')} END`,
      ],
      // A card descriptor cut inside its legal form keeps its first letters ("LAPWING
      // LANDSCAPING LI", "HARTMANN FISH & CHIPS GMB"): at a descriptor's length they are what
      // the cut left of the form, not a word of the name.
      [
        n('k'),
        `CASE WHEN length(trim(${nameExpr})) BETWEEN ${DESCRIPTOR_LENGTH.min} AND ${DESCRIPTOR_LENGTH.max}
          AND regexp_matches(${n('l')}, ${CUT_FORM_RE})
        THEN regexp_replace(${n('l')}, ${CUT_FORM_RE}, '') ELSE ${n('l')} END`,
      ],
      [
        n('r'),
        `regexp_replace(regexp_replace(CASE WHEN length(${n('k')}) > 30
          THEN left(${n('k')}, length(${n('k')}) - 30) || regexp_replace(right(${n('k')}, 30), ${suffixRe}, '')
          ELSE regexp_replace(${n('k')}, ${suffixRe}, '') END, '^ the ', ' '), ' [0-9]{3,}$', '')`,
      ],
      [
        out,
        `CASE WHEN ${n('e')} IS NULL OR ${n('e')} = '' THEN NULL
        ELSE coalesce(nullif(trim(${n('r')}), ''), ${n('e')}) END`,
      ],
    ],
    out,
  );
}

/**
 * Adds `out`, a street line folded and punctuation-free, without street-type and direction words
 * (Road/Rd, Street/St, Suite, North/N…), which differ between sources but say little.
 */
export function withNormalisedAddress(source: string, addressExpr: string, out: string): string {
  const n = (s: string) => `${out}__${s}`;
  const noise = `'(^| )(${ADDRESS_NOISE_WORDS.join('|')})( |$)'`;
  return layered(
    source,
    [
      [n('f'), `replace(b2b_fold(${addressExpr}), 'strasse', 'str')`],
      ...cleanSteps(n('x'), n('f')),
      [
        n('d'),
        `CASE WHEN regexp_matches(${n('x_q')}, ${noise})
        THEN trim(regexp_replace(regexp_replace(regexp_replace(${n('x_q')}, ${noise}, ' ', 'g'), ${noise}, ' ', 'g'), ' {2,}', ' ', 'g'))
        ELSE ${n('x_q')} END`,
      ],
      [out, `nullif(${n('d')}, '')`],
    ],
    out,
  );
}

/**
 * `name_complete` (the name ends in a complete legal form) and `legal_form` (that form, one
 * spelling for each) from `written`, a column holding `b2b_legal_form_written` of the raw name.
 * Computed from the column, not with `b2b_legal_form` on the name: a macro repeats its argument
 * in every branch, and the form's regular expression ran once per branch of the key's CASE.
 */
export function legalFormColumnsSql(written: string): string {
  return `${written} IS NOT NULL AS name_complete,
    b2b_legal_form_key(replace(${written}, ' ', '')) AS legal_form`;
}

/**
 * Small macros on already-computed columns:
 * b2b_fold, b2b_city, b2b_postcode(p, country) (no spaces or dashes; US ZIP+4 → 5 digits),
 * b2b_postcode_area(normalised, country) (UK outward code, NL digits, else 3 characters),
 * b2b_tax_id(t) (VAT country prefix, NL/NO/CA suffixes, leading zeros dropped; < 6 chars → NULL),
 * b2b_legal_form(raw name) (that legal form, one spelling for each: "Limited" → ltd; NULL if none),
 * b2b_name_tokens(n) (distinct tokens of 2+ letters without and/the/of…), b2b_name_key(n) (tokens
 * sorted), b2b_via_processor(raw name), b2b_compact_similarity(a, b) (Jaro-Winkler of names
 * without spaces; 0.95 when a is a truncation of b), b2b_token_weight(df, n) (rarer tokens weigh more: ln(1 + n / (df + 1)), n merchants in
 * the country), b2b_token_score(a, wa, b, wb): weighted token-set similarity, tokens related when
 * equal, one edit apart (two from 10 letters) or one is the other's truncated last token.
 */
const COMPLETE_SUFFIX_RE = COMPLETE_LEGAL_SUFFIXES.join('|');
const NORMALISE_MACROS = String.raw`
CREATE OR REPLACE TEMP MACRO b2b_fold_any(s) AS strip_accents(replace(replace(replace(replace(replace(
  replace(replace(lower(s), 'ß', 'ss'), 'æ', 'ae'), 'ø', 'o'), 'œ', 'oe'), 'ł', 'l'), 'đ', 'd'), 'ı', 'i'));

CREATE OR REPLACE TEMP MACRO b2b_fold(s) AS CASE WHEN strlen(s) = length(s) THEN lower(s) ELSE b2b_fold_any(s) END;

CREATE OR REPLACE TEMP MACRO b2b_city(s) AS nullif(trim(regexp_replace(regexp_replace(b2b_fold(s),
  '^(city of|ville de)\s+', ''), '[^a-z0-9]+', ' ', 'g')), '');

CREATE OR REPLACE TEMP MACRO b2b_postcode(p, country) AS nullif(CASE
  WHEN country = 'USA' THEN left(regexp_replace(upper(p), '[^0-9]', '', 'g'), 5)
  ELSE regexp_replace(upper(p), '[^A-Z0-9]', '', 'g') END, '');

CREATE OR REPLACE TEMP MACRO b2b_postcode_area(pn, country) AS CASE
  WHEN pn IS NULL THEN NULL
  WHEN country = 'GBR' AND length(pn) >= 5 THEN left(pn, length(pn) - 3)
  WHEN country = 'NLD' THEN left(pn, 4)
  ELSE left(pn, 3) END;

CREATE OR REPLACE TEMP MACRO b2b_tax_core(t) AS ltrim(regexp_replace(regexp_replace(
  regexp_replace(upper(t), '[^A-Z0-9]', '', 'g'), '^[A-Z]{1,3}([0-9])', '\1'),
  '(MVA|B[0-9]{2}|RT[0-9]{4})$', ''), '0');

CREATE OR REPLACE TEMP MACRO b2b_tax_id(t) AS
  list_filter([b2b_tax_core(t)], x -> length(x) >= 6)[1];

CREATE OR REPLACE TEMP MACRO b2b_name_tokens(n) AS list_filter(string_split(n, ' '), (t, i) ->
  list_position(string_split(n, ' '), t) = i AND length(t) >= 2
  AND t NOT IN ('and', 'the', 'of', 'de', 'la', 'y', 'und', 'et'));

CREATE OR REPLACE TEMP MACRO b2b_name_key(n) AS array_to_string(list_sort(string_split(n, ' ')), ' ');

CREATE OR REPLACE TEMP MACRO b2b_via_processor(s) AS regexp_matches(b2b_fold(s),
  '^\s*(sq|sqr|sp|pp|paypal|sumup|zettle|iz|izettle|stripe|tst|squ|ckp|cko|wpy|amzn|amazon)[\s_]*\*|^\s*(amzn|amazon)\s*(mktp|mktplace|marketplace)')
  OR regexp_matches(trim(b2b_fold(s)), ${SHOPIFY_DESCRIPTOR_RE});

CREATE OR REPLACE TEMP MACRO b2b_token_weight(df, n) AS ln(1 + n / (coalesce(df, 0) + 1));

CREATE OR REPLACE TEMP MACRO b2b_token_rel(x, y, al, bl) AS CASE
  WHEN x = y THEN true
  WHEN x = al AND length(x) >= 2 AND starts_with(y, x) THEN true
  WHEN y = bl AND length(y) >= 2 AND starts_with(x, y) THEN true
  WHEN least(length(x), length(y)) < CASE WHEN length(x) = length(y) THEN 5 ELSE 4 END
    OR abs(length(x) - length(y)) > 2
    OR (left(x, 1) <> left(y, 1) AND right(x, 1) <> right(y, 1)) THEN false
  WHEN jaro_winkler_similarity(x, y) < 0.75 THEN false
  ELSE damerau_levenshtein(x, y) <= CASE WHEN least(length(x), length(y)) >= 10 THEN 2 ELSE 1 END
  END;

CREATE OR REPLACE TEMP MACRO b2b_legal_form_written(s) AS nullif(regexp_extract(
  trim(regexp_replace(b2b_fold(s), '[^a-z0-9]+', ' ', 'g')), '(^| )(${COMPLETE_SUFFIX_RE}|limite+d)$', 2), '');

CREATE OR REPLACE TEMP MACRO b2b_legal_form_key(w) AS CASE
  WHEN w IN ('ptyltd', 'pty', 'pte', 'pvt', 'private') OR starts_with(w, 'limite') THEN 'ltd'
  WHEN w = 'incorporated' THEN 'inc' WHEN w = 'corporation' THEN 'corp'
  WHEN w IN ('company', 'andco', 'andcompany') THEN 'co' WHEN w = 'mbh' THEN 'gmbh'
  WHEN w = 'aktiebolag' THEN 'ab' WHEN w = 'aktiengesellschaft' THEN 'ag'
  WHEN w = 'aksjeselskap' THEN 'as' WHEN w = 'osakeyhtio' THEN 'oy' WHEN w = 'anpartsselskab' THEN 'aps'
  WHEN w = 'beslotenvennootschap' THEN 'bv' WHEN w = 'naamlozevennootschap' THEN 'nv'
  WHEN w IN ('sociedadanonima', 'societeanonyme') THEN 'sa' WHEN w = 'sociedadlimitada' THEN 'sl'
  WHEN w = 'kabushikikaisha' THEN 'kk' WHEN w = 'publiclimitedcompany' THEN 'plc'
  WHEN w = 'limitedliabilitycompany' THEN 'llc' WHEN w = 'limitedliabilitypartnership' THEN 'llp'
  ELSE w END;

CREATE OR REPLACE TEMP MACRO b2b_legal_form(s) AS
  b2b_legal_form_key(replace(b2b_legal_form_written(s), ' ', ''));

CREATE OR REPLACE TEMP MACRO b2b_compact(n) AS regexp_replace(replace(n, ' ', ''),
  '(.{6,})(ltd|limited|inc|llc|gmbh|sarl|sas|srl|spa|bv|plc|corp|pty|ab|as|ag|sl|sa)$', '\1');

CREATE OR REPLACE TEMP MACRO b2b_compact_similarity(a, b) AS CASE
  WHEN a IS NULL OR b IS NULL THEN NULL
  WHEN length(a) >= 8 AND length(a) < length(b) AND starts_with(b, a) THEN 0.95
  ELSE jaro_winkler_similarity(a, b) END;
`;

/** Creates the normalisation macros on this connection (once). */
export async function installNormaliseMacros(db: EngineDb): Promise<void> {
  await ensureInstalled(db, 'normalise-macros', NORMALISE_MACROS);
}

/** Normalises a list of names (for tests and the supplier screen). */
export async function normaliseNames(
  db: EngineDb,
  names: (string | null)[],
): Promise<(string | null)[]> {
  await installNormaliseMacros(db);
  const values = names.map((n, i) => `(${i}, ${n === null ? 'NULL' : quote(n)})`).join(', ');
  const rows = await db.all<{ i: number; norm: string | null }>(
    `${withNormalisedName(`SELECT * FROM (VALUES ${values}) t(i, name)`, 'name', 'norm')} ORDER BY i`,
  );
  return rows.map((r) => r.norm);
}
