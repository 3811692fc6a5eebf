import type { CsvTreatment } from '@b2b/contract';
import { createKeyedDigest } from './keyed-digest.js';

/** What a redacted cell reads (free text, or an amount that is not a number). */
export const REDACTED = '[redacted]';

const ADJECTIVES = (
  'Amber Azure Bold Brave Bright Brisk Calm Clear Cobalt Coral Crimson Crisp Deep Eager Early ' +
  'Fair Fern Fleet Frost Gentle Golden Grand Green Hazel Honest Ivory Jade Keen Kind Lively ' +
  'Lucky Lunar Maple Merry Misty Noble North Oak Olive Pale Pearl Pine Polar Prime Proud Quick ' +
  'Quiet Rapid Royal Ruby Rustic Sage Silver Solar Steady Stone Sunny Swift Teal True Vivid ' +
  'Warm Wild'
).split(' ');
const NOUNS = (
  'Anchor Arrow Badger Beacon Birch Bison Brook Canyon Cedar Comet Crane Delta Dune Eagle ' +
  'Ember Falcon Field Fjord Forest Fox Garden Glacier Harbor Hawk Heron Hill Island Lake Lark ' +
  'Lion Lotus Meadow Mesa Moon Oak Orbit Otter Owl Peak Pebble Pine Prairie Quarry Raven Reef ' +
  'Ridge River Robin Sparrow Spring Star Stone Summit Thistle Tiger Valley Vine Wave Willow ' +
  'Wolf Wren Yard Zephyr'
).split(' ');

/** Pseudonyms remembered per anonymizer: bounded, so a file of any size runs in constant memory. */
const CACHE_LIMIT = 50_000;

/** An amount as written in exports: optional sign, digits with optional thousands commas, decimals. */
const AMOUNT = /^[-+]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/**
 * Rewrites cells consistently (SPEC §2 Dev, anonymize a CSV): every pseudonym and amount factor
 * is derived from a keyed SHA-256 of the cell (keyed-digest.ts), so the same value maps to the same
 * output in every file and run with that key, and another key gives other outputs. Names and
 * e-mails are compared trimmed and case-blind ("ACME Ltd" and "acme ltd" are one supplier).
 */
export function createCellAnonymizer(key: string) {
  const keyed = createKeyedDigest(Buffer.from(key, 'utf8'));
  const caches: Record<'name' | 'email', Map<string, string>> = {
    name: new Map(),
    email: new Map(),
  };
  const digest = (kind: string, value: string) => keyed(`${kind}\u0000${value}`);

  function words(d: Buffer): string {
    // 64 × 64 × 1,000,000 pseudonyms: two of 10,000 suppliers share one with odds of about 1 in 80.
    const number = String(d.readUInt32BE(2) % 1_000_000).padStart(6, '0');
    return `${ADJECTIVES[d[0]! % ADJECTIVES.length]} ${NOUNS[d[1]! % NOUNS.length]} ${number}`;
  }

  const make: Record<'name' | 'email' | 'amount', (value: string) => string> = {
    name: (value) => words(digest('name', value.trim().replace(/\s+/g, ' ').toLowerCase())),
    email: (value) =>
      `${words(digest('email', value.trim().toLowerCase())).toLowerCase().replace(/ /g, '.')}@example.com`,
    amount: (value) => {
      const text = value.trim();
      if (!AMOUNT.test(text)) return REDACTED;
      const amount = Number(text.includes(',') ? text.replace(/,/g, '') : text);
      // A factor in [0.9, 1.1): sign kept, size perturbed by at most 10 %.
      const factor = 0.9 + (0.2 * digest('amount', String(amount)).readUInt32BE(0)) / 0x1_0000_0000;
      const result = Math.round(Math.abs(amount) * factor * 100) / 100;
      return `${amount < 0 && result > 0 ? '-' : ''}${result.toFixed(2)}`;
    },
  };

  return function anonymize(treatment: CsvTreatment, value: string): string {
    if (treatment === 'keep' || value.trim() === '') return value;
    if (treatment === 'text') return REDACTED;
    // Amounts repeat too rarely for a cache to pay.
    if (treatment === 'amount') return make.amount(value);
    const cache = caches[treatment];
    let out = cache.get(value);
    if (out === undefined) {
      out = make[treatment](value);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(value, out);
    }
    return out;
  };
}

/** The treatment a column's name suggests (SPEC §2 Dev): e-mail, name, amount, else keep. */
export function suggestTreatment(column: string): CsvTreatment {
  const name = column.toLowerCase();
  if (/e-?mail/.test(name)) return 'email';
  if (/amount|spend|value|price|total|cost/.test(name)) return 'amount';
  if (/name|supplier|vendor|contact|buyer|customer|payee/.test(name)) return 'name';
  if (/description|comment|note|memo|address|narrative/.test(name)) return 'text';
  return 'keep';
}
