import { mccGroupOf } from '../reference-data/mcc.js';

/**
 * What the card acceptance model knows of a supplier: only what the buyer's own data holds
 * (never the matched merchant's fields, which exist only for suppliers the reference data
 * matches and would give the answer away).
 */
export interface SupplierFeatures {
  supplierName: string;
  country: string | null;
  /** The supplier's MCC as the upload gave it (not the matched merchant's). */
  mcc: string | null;
  sic: string | null;
  annualSpend: number | null;
  poCount: number | null;
  invoiceCount: number | null;
  paymentCount: number | null;
  mainPaymentMethod: string | null;
  paymentFrequency: string | null;
  paymentTermsDays: number | null;
  actualDaysToPay: number | null;
  /**
   * Share of the job's other suppliers the reference data matches to a card acceptor: a buyer's
   * suppliers resemble each other (industry, region, size), so a job where many accept card
   * makes acceptance likelier for its unmatched ones too. Null when unknown.
   */
  jobAcceptingShare: number | null;
}

/**
 * The feature set's name, stored with each model version: a model is only ever applied to
 * features encoded the way it was trained. Change it whenever `encodeSupplierFeatures` changes.
 */
export const FEATURE_SET =
  'v1: name tokens and legal form, MCC and MCC group, SIC division, country, payment method, ' +
  'payment frequency, terms and days-to-pay bands, spend band and log spend, document counts, ' +
  "average payment band, the job's share of card-accepting suppliers";

/** 2^18 weights: name tokens collide rarely, and a model is 1 MiB of float32. */
export const HASH_BITS = 18;
const MASK = (1 << HASH_BITS) - 1;
/** Slot 0 is the intercept; hashed features never land on it. */
export const BIAS_INDEX = 0;
/** The most features one supplier can have (name tokens are capped). */
export const MAX_FEATURES = 48;
const MAX_NAME_TOKENS = 12;

const FNV_OFFSET = 0x811c9dc5;
/** FNV-1a state after `text`, from `state`: a feature's prefix is hashed once, not per supplier. */
function fnv(state: number, text: string): number {
  let h = state;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
const slotOf = (h: number) => {
  const slot = (h >>> 0) & MASK;
  return slot === BIAS_INDEX ? 1 : slot;
};

/** FNV-1a over the UTF-16 code units: fast, stable, and spread well enough for hashing. */
export function hashFeature(name: string): number {
  return slotOf(fnv(FNV_OFFSET, name));
}

const NON_ASCII = /[^ -~]/; // anything but printable ASCII
/** Lower-case name tokens (letters and digits), the words a legal form or an industry shows. */
export function nameTokens(name: string): string[] {
  let text = name.toLowerCase();
  // Accents off (Müller → muller); most names are ASCII and skip the costly normalisation.
  if (NON_ASCII.test(text)) text = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const tokens = text.split(/[^a-z0-9]+/).filter((t) => t.length >= 2 && !/^\d+$/.test(t));
  return [...new Set(tokens)].slice(0, MAX_NAME_TOKENS);
}

const band = (value: number | null, edges: readonly number[]): string => {
  if (value === null || !Number.isFinite(value)) return 'none';
  let i = 0;
  while (i < edges.length && value >= edges[i]!) i++;
  return String(i);
};
const SPEND_EDGES = [1_000, 5_000, 20_000, 100_000, 500_000, 2_000_000];
const COUNT_EDGES = [1, 2, 4, 12, 52, 250];
const DAYS_EDGES = [1, 15, 31, 46, 61, 91];
const AVERAGE_EDGES = [100, 500, 2_000, 10_000, 50_000];

const logScaled = (value: number | null, scale: number) =>
  value === null || !Number.isFinite(value) || value <= 0 ? 0 : Math.log1p(value) / scale;

const normalisedText = (value: string | null) =>
  value === null ? 'none' : value.trim().toLowerCase().replace(/\s+/g, ' ') || 'none';

const FEATURE_NAMES = [
  'tok=',
  'tokens=',
  'mcc=',
  'mccgroup=',
  'sic2=',
  'country=',
  'method=',
  'method*country=',
  'frequency=',
  'terms=',
  'paid=',
  'spend=',
  'logspend',
  'payments=',
  'logpayments',
  'invoices=',
  'pos=',
  'average=',
  'logaverage',
  'jobshare',
  'jobshare=',
] as const;
/** Each feature's name hashed once: a supplier's feature continues the hash with its value. */
const PREFIX = Object.fromEntries(
  FEATURE_NAMES.map((name) => [name, fnv(FNV_OFFSET, name)]),
) as Record<(typeof FEATURE_NAMES)[number], number>;

/**
 * Encodes a supplier as hashed sparse features into `indices` / `values` (each at least
 * `MAX_FEATURES` long) and returns how many were written. Categorical features are one-hot by
 * name; spend and counts are also given as scaled logarithms so the model can rank within a band.
 */
export function encodeSupplierFeatures(
  s: SupplierFeatures,
  indices: Int32Array,
  values: Float32Array,
): number {
  let n = 0;
  // `prefix` ends in '=' for a one-hot feature and names the feature alone for a numeric one.
  const put = (prefix: keyof typeof PREFIX, text = '', value = 1) => {
    indices[n] = slotOf(fnv(PREFIX[prefix], text));
    values[n] = value;
    n++;
  };
  indices[n] = BIAS_INDEX;
  values[n] = 1;
  n++;
  const tokens = nameTokens(s.supplierName);
  for (const token of tokens) put('tok=', token);
  put('tokens=', String(Math.min(tokens.length, 6)));
  const mcc = s.mcc && /^\d{4}$/.test(s.mcc.trim()) ? s.mcc.trim() : null;
  put('mcc=', mcc ?? 'none');
  put('mccgroup=', mcc ? mccGroupOf(Number(mcc)) : 'none');
  const sic = s.sic?.trim().match(/^\d{2}/)?.[0] ?? null;
  put('sic2=', sic ?? 'none');
  const country = normalisedText(s.country);
  put('country=', country);
  const method = normalisedText(s.mainPaymentMethod);
  put('method=', method);
  put('method*country=', `${method}|${country}`);
  put('frequency=', normalisedText(s.paymentFrequency));
  put('terms=', band(s.paymentTermsDays, DAYS_EDGES));
  put('paid=', band(s.actualDaysToPay, DAYS_EDGES));
  put('spend=', band(s.annualSpend, SPEND_EDGES));
  put('logspend', '', logScaled(s.annualSpend, 15));
  put('payments=', band(s.paymentCount, COUNT_EDGES));
  put('logpayments', '', logScaled(s.paymentCount, 6));
  put('invoices=', band(s.invoiceCount, COUNT_EDGES));
  put('pos=', band(s.poCount, COUNT_EDGES));
  const documents = s.paymentCount || s.invoiceCount || null;
  const average = documents && s.annualSpend !== null ? s.annualSpend / documents : null;
  put('average=', band(average, AVERAGE_EDGES));
  put('logaverage', '', logScaled(average, 12));
  const share = s.jobAcceptingShare;
  if (share !== null && Number.isFinite(share)) {
    const clamped = Math.min(0.99, Math.max(0.01, share));
    put('jobshare', '', Math.log(clamped / (1 - clamped)) / 4);
    put('jobshare=', String(Math.floor(clamped * 10)));
  } else put('jobshare=', 'none');
  return n;
}
