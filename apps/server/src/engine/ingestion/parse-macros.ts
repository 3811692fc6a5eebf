import { ensureInstalled, type EngineDb } from '../duckdb.js';

/**
 * DuckDB macros that turn the raw text of an upload into typed values. They run inside one
 * `SELECT` over the whole file, so a million rows parse in seconds; the tests call them directly.
 *
 * - b2b_text(v): trimmed, whitespace collapsed (incl. no-break space), '' → NULL.
 * - b2b_parse_amount(v, sep): '£1,234.50', '(12.00)', '5-', '1.234,56 €', '12 345,67', '-$3', '7 CR'
 *   → DECIMAL(18,2); sep is '.', ',' or 'auto' (the last separator followed by 1–2 digits
 *   decides; '1,234' alone reads as thousands).
 * - b2b_parse_date(v, dmy): ISO, dd/mm/yyyy (or mm/dd/yyyy when dmy is false), dd.mm.yy,
 *   yyyymmdd, '1 Jan 2024', 'Jan 1, 2024', Excel serial numbers; a time part is ignored;
 *   years outside 1950–2100 → NULL.
 * - b2b_is_redacted(v): "REDACTED PERSONAL DATA", "[withheld]", "XXXX", "n/a" and the like.
 * - b2b_payment_method(v) → Card | Cheque | ACH | Wire | DirectDebit | Cash | Other | Unknown.
 * - b2b_terms_days(v): 'Net 30', '30 days', '2/10 net 30', 'Immediate', 'EOM' → days.
 */
/** Currency codes an amount may carry ("GBP 12", "12 EUR"). */
const CURRENCIES = '(GBP|USD|EUR|CAD|AUD|NZD|CHF|SEK|NOK|DKK|JPY|INR|SGD|HKD|ZAR|PLN|MXN|BRL|CNY)';

const PARSE_MACROS = String.raw`
CREATE OR REPLACE TEMP MACRO b2b_text(v) AS nullif(CASE
  WHEN regexp_matches(v, '\s\s|[\t\n\r\x{00A0}\x{0000}-\x{001F}]')
    THEN trim(regexp_replace(CAST(v AS VARCHAR), '[\s\x{00A0}\x{0000}-\x{001F}]+', ' ', 'g'))
  ELSE trim(v) END, '');

CREATE OR REPLACE TEMP MACRO b2b_amount_shape(v) AS regexp_full_match(
  upper(trim(v)),
  '\(?\s*[-+]?\s*(?:[A-Z]{0,2}[£$€¥]|${CURRENCIES})?\s*[-+]?\s*[0-9][0-9 ,.''\x{00A0}]*\s*(?:${CURRENCIES}|[£$€¥])?\s*-?\s*\)?\s*(?:CR|DR)?'
);

CREATE OR REPLACE TEMP MACRO b2b_amount_negative(v) AS
  regexp_matches(v, '^\s*\(.*\)\s*$') OR regexp_matches(v, '^[^0-9]*-')
  OR regexp_matches(v, '-\s*$') OR regexp_matches(upper(v), 'CR\s*$');

CREATE OR REPLACE TEMP MACRO b2b_amount_digits(d, sep) AS CASE
  WHEN sep = '.' THEN replace(d, ',', '')
  WHEN sep = ',' THEN replace(replace(d, '.', ''), ',', '.')
  WHEN contains(d, ',') AND contains(d, '.') THEN CASE
    WHEN regexp_matches(d, ',[0-9]*$') THEN replace(replace(d, '.', ''), ',', '.')
    ELSE replace(d, ',', '') END
  WHEN contains(d, ',') THEN CASE
    WHEN regexp_full_match(d, '[0-9]{1,3}(,[0-9]{3})+') THEN replace(d, ',', '')
    ELSE replace(d, ',', '.') END
  WHEN regexp_full_match(d, '[0-9]{1,3}(\.[0-9]{3}){2,}') THEN replace(d, '.', '')
  ELSE d END;

CREATE OR REPLACE TEMP MACRO b2b_parse_amount(v, sep) AS CASE
  WHEN b2b_text(v) IS NULL OR NOT b2b_amount_shape(v) THEN NULL
  ELSE try_cast(b2b_amount_digits(regexp_replace(v, '[^0-9.,]', '', 'g'), sep) AS DECIMAL(18, 2))
    * CASE WHEN b2b_amount_negative(v) THEN -1 ELSE 1 END
  END;

CREATE OR REPLACE TEMP MACRO b2b_amount_currency(v) AS CASE
  WHEN contains(v, '£') THEN 'GBP'
  WHEN contains(v, '€') THEN 'EUR'
  WHEN contains(v, '¥') THEN 'JPY'
  WHEN regexp_matches(upper(v), '(^|[^A-Z])${CURRENCIES}([^A-Z]|$)')
    THEN regexp_extract(upper(v), '${CURRENCIES}', 1)
  WHEN contains(v, '$') THEN '$'
  END;

CREATE OR REPLACE TEMP MACRO b2b_date_core(s, dmy) AS CASE
  WHEN regexp_full_match(s, '\d{4}-\d{1,2}-\d{1,2}') THEN try_strptime(s, '%Y-%m-%d')
  WHEN regexp_full_match(s, '\d{4}[/.]\d{1,2}[/.]\d{1,2}')
    THEN try_strptime(regexp_replace(s, '[/.]', '-', 'g'), '%Y-%m-%d')
  WHEN regexp_full_match(s, '\d{8}') THEN try_strptime(s, '%Y%m%d')
  WHEN regexp_full_match(s, '\d{1,2}[/.-]\d{1,2}[/.-]\d{4}') THEN CASE
    WHEN dmy THEN try_strptime(regexp_replace(s, '[.-]', '/', 'g'), '%d/%m/%Y')
    ELSE try_strptime(regexp_replace(s, '[.-]', '/', 'g'), '%m/%d/%Y') END
  WHEN regexp_full_match(s, '\d{1,2}[/.-]\d{1,2}[/.-]\d{2}') THEN CASE
    WHEN dmy THEN try_strptime(regexp_replace(s, '[.-]', '/', 'g'), '%d/%m/%y')
    ELSE try_strptime(regexp_replace(s, '[.-]', '/', 'g'), '%m/%d/%y') END
  WHEN regexp_full_match(s, '\d{1,2}(st|nd|rd|th)?[ ./-]*[A-Za-z]{3,9}[ .,/-]*\d{2,4}') THEN try_strptime(
    regexp_replace(regexp_replace(regexp_replace(s, '(\d)(st|nd|rd|th)', '\1'),
      '(\d)([A-Za-z])|([A-Za-z])(\d)|[ .,/-]+', '\1\3 \2\4', 'g'), '\s+', ' ', 'g'),
    ['%d %b %Y', '%d %B %Y', '%d %b %y', '%d %B %y'])
  WHEN regexp_full_match(s, '[A-Za-z]{3,9}[ .-]*\d{1,2}(st|nd|rd|th)?,?[ .-]*\d{4}') THEN try_strptime(
    regexp_replace(regexp_replace(regexp_replace(s, '(\d)(st|nd|rd|th)', '\1'), '[ .,-]+', ' ', 'g'),
      '([A-Za-z])(\d)', '\1 \2'),
    ['%b %d %Y', '%B %d %Y'])
  WHEN regexp_full_match(s, '\d{5}(\.\d+)?') AND try_cast(s AS DOUBLE) BETWEEN 20000 AND 80000
    THEN CAST(DATE '1899-12-30' + CAST(floor(try_cast(s AS DOUBLE)) AS INTEGER) AS TIMESTAMP)
  END;

CREATE OR REPLACE TEMP MACRO b2b_parse_date_any(v, dmy) AS CAST(b2b_date_core(regexp_replace(
  b2b_text(v), '[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2}|[AaPp][Mm])?$', ''), dmy) AS DATE);

CREATE OR REPLACE TEMP MACRO b2b_parse_date(v, dmy) AS CASE
  WHEN year(b2b_parse_date_any(v, dmy)) BETWEEN 1950 AND 2100 THEN b2b_parse_date_any(v, dmy)
  END;

CREATE OR REPLACE TEMP MACRO b2b_is_redacted(v) AS regexp_matches(lower(b2b_text(v)),
  '(redacted|personal data|data protection|withheld|anonymi[sz]ed|gdpr|private individual|^\W*(x+|\*+|#+|-+|\.+|\?+)\W*$|^(n/?a|null|none|unknown|not known|tbc)$)');

CREATE OR REPLACE TEMP MACRO b2b_payment_method(v) AS CASE
  WHEN b2b_text(v) IS NULL THEN 'Unknown'
  WHEN regexp_matches(lower(v), 'direct debit|\bdd\b|debit order|sepa dd|mandate') THEN 'DirectDebit'
  WHEN regexp_matches(lower(v), 'card|visa|master ?card|amex|american express|\bvcn\b|\bcc\b|\bpcard\b')
    THEN 'Card'
  WHEN regexp_matches(lower(v), 'cheque|check|\bchq\b|\bchk\b') THEN 'Cheque'
  WHEN regexp_matches(lower(v), 'wire|swift|\btt\b|telegraphic|chaps|rtgs|international') THEN 'Wire'
  WHEN regexp_matches(lower(v),
    '\bach\b|bacs|\beft\b|direct credit|bank transfer|faster payment|\bfps\b|sepa|giro|credit transfer|electronic|\bbank\b|transfer')
    THEN 'ACH'
  WHEN regexp_matches(lower(v), 'cash|petty') THEN 'Cash'
  ELSE 'Other' END;

CREATE OR REPLACE TEMP MACRO b2b_terms_days(v) AS CASE
  WHEN b2b_text(v) IS NULL THEN NULL
  WHEN regexp_matches(lower(v), 'immediate|on receipt|upon receipt|\bcod\b|\bcia\b|pre-?paid|in advance|due now')
    THEN 0
  WHEN regexp_matches(v, '\d') THEN CASE
    WHEN try_cast(regexp_extract(v, '(\d{1,4})\D*$', 1) AS INTEGER) BETWEEN 0 AND 365
    THEN try_cast(regexp_extract(v, '(\d{1,4})\D*$', 1) AS INTEGER) END
  WHEN regexp_matches(lower(v), '\beom\b|end of month') THEN 30
  END;

CREATE OR REPLACE TEMP MACRO b2b_parse_count(v) AS CASE
  WHEN b2b_parse_amount(v, '.') >= 0 THEN CAST(round(b2b_parse_amount(v, '.')) AS INTEGER) END;

CREATE OR REPLACE TEMP MACRO b2b_parse_code(v, digits) AS
  nullif(lpad(regexp_extract(b2b_text(v), '\d+', 0), digits, '0'), repeat('0', digits));

CREATE OR REPLACE TEMP MACRO b2b_country_key(v) AS
  nullif(trim(regexp_replace(upper(strip_accents(b2b_text(v))), '[^A-Z]+', ' ', 'g')), '');
`;

/** Creates the parsing macros on this connection (once). */
export async function installParseMacros(db: EngineDb): Promise<void> {
  await ensureInstalled(db, 'parse-macros', PARSE_MACROS);
}
