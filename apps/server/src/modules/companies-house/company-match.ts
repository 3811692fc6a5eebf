import { LEGAL_SUFFIXES, NAME_ABBREVIATIONS } from '../../engine/matching/normalise-words.js';
import type { CompanySearchHit } from './companies-house-client.js';
import { uiText } from '../../lib/ui-text.js';

/**
 * Which company a supplier is (issue 21, the Companies House enrichment): only confident
 * answers count — the same name once normalised as the matcher does (DOMAIN.md "Matching": case,
 * punctuation, abbreviations, legal suffixes), or the same postcode as a company sharing a word
 * of its name. Anything less is left for a person, said as ambiguous or not found.
 */

const SUFFIX_RE = new RegExp(`(?: (?:${LEGAL_SUFFIXES.join('|')}))+$`);

export function normaliseCompanyName(name: string): string {
  const words = ` ${name}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => NAME_ABBREVIATIONS[w] ?? w);
  return ` ${words.join(' ')}`
    .replace(SUFFIX_RE, '')
    .replace(/^ the /, ' ')
    .trim();
}

/** A UK postcode as one comparable token ("sw1a 1aa" → "SW1A1AA"); null when it is not one. */
export function normalisePostcode(postcode: string | null | undefined): string | null {
  const compact = (postcode ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(compact) ? compact : null;
}

const UK_COUNTRIES = new Set([
  'GB',
  'GBR',
  'UK',
  'UNITED KINGDOM',
  'GREAT BRITAIN',
  'ENGLAND',
  'SCOTLAND',
  'WALES',
  'NORTHERN IRELAND',
]);

/** A supplier in the United Kingdom: its country says so, or it has none and a UK postcode. */
export function isUkSupplier(supplier: { country: string | null; postcode: string | null }) {
  const country = supplier.country?.trim().toUpperCase();
  if (country) return UK_COUNTRIES.has(country);
  return normalisePostcode(supplier.postcode) !== null;
}

export type CompanyDecision =
  | { outcome: 'matched'; reason: string; hit: CompanySearchHit }
  | { outcome: 'ambiguous' | 'not-found'; reason: string; hit: null };

const isActive = (hit: CompanySearchHit) => hit.company_status === 'active';
const postcodeOf = (hit: CompanySearchHit) =>
  normalisePostcode(
    hit.address?.postal_code ?? /[A-Z0-9]+ ?[A-Z0-9]+$/i.exec(hit.address_snippet ?? '')?.[0],
  );

/** The company a supplier is among the search's hits, or why none is taken. */
export function decideCompany(
  supplier: { name: string; postcode: string | null },
  hits: readonly CompanySearchHit[],
): CompanyDecision {
  const name = normaliseCompanyName(supplier.name);
  const postcode = normalisePostcode(supplier.postcode);
  if (!name)
    return {
      outcome: 'not-found',
      reason: uiText('The supplier has no name to search by.'),
      hit: null,
    };
  const samePostcode = (hit: CompanySearchHit) => postcode !== null && postcodeOf(hit) === postcode;

  const sameName = hits.filter((h) => normaliseCompanyName(h.title) === name);
  if (sameName.length === 1) {
    return { outcome: 'matched', reason: uiText('Exact normalised name'), hit: sameName[0]! };
  }
  if (sameName.length > 1) {
    const byPostcode = sameName.filter(samePostcode);
    if (byPostcode.length === 1) {
      return {
        outcome: 'matched',
        reason: uiText('Exact normalised name and postcode'),
        hit: byPostcode[0]!,
      };
    }
    const active = sameName.filter(isActive);
    if (active.length === 1) {
      return {
        outcome: 'matched',
        reason: uiText(
          `Exact normalised name; the only active one of ${sameName.length} companies so named`,
        ),
        hit: active[0]!,
      };
    }
    return {
      outcome: 'ambiguous',
      reason: uiText(
        `${sameName.length} companies have this name (${sameName.map((h) => h.company_number).join(', ')})`,
      ),
      hit: null,
    };
  }

  // No company of that name: one at the supplier's postcode sharing a word of its name.
  const words = new Set(name.split(' ').filter((w) => w.length >= 3));
  const nearby = hits.filter(
    (h) =>
      samePostcode(h) &&
      normaliseCompanyName(h.title)
        .split(' ')
        .some((w) => words.has(w)),
  );
  if (nearby.length === 1) {
    return {
      outcome: 'matched',
      reason: uiText(`Postcode ${supplier.postcode?.trim()} agrees`),
      hit: nearby[0]!,
    };
  }
  if (nearby.length > 1) {
    return {
      outcome: 'ambiguous',
      reason: uiText(
        `${nearby.length} companies at postcode ${supplier.postcode?.trim()} share words of the name`,
      ),
      hit: null,
    };
  }
  return {
    outcome: 'not-found',
    reason:
      hits.length === 0
        ? uiText('Companies House found no company by this name')
        : uiText(
            `None of the ${hits.length} companies found has this name${postcode ? ' or postcode' : ''}`,
          ),
    hit: null,
  };
}
