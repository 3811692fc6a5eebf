import { type AddressComponents, type AddressProblem, ISO_3166_ALPHA3 } from '@b2b/contract';
import {
  type AddressCountry,
  COUNTRY_BY_NAME,
  ISO_3166_ALPHA2,
  PO_BOX,
  UK_POSTCODE_AREAS,
  foldKey,
} from './address-data.js';
import { uiText } from '../../lib/ui-text.js';
import { isAddressCountry, parseAddress } from './parse-address.js';

export type AddressValidation = {
  valid: boolean;
  components: AddressComponents;
  problems: AddressProblem[];
};

/** How each country writes its postcode, and the words for a person. */
const POSTCODE_RULES: Record<AddressCountry, { shape: RegExp; name: string; example: string }> = {
  GB: {
    shape: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
    name: uiText('UK postcode'),
    example: 'SW1A 1AA',
  },
  US: {
    shape: /^\d{5}(-\d{4})?$/,
    name: uiText('US ZIP code'),
    example: uiText('62704 or 62704-1234'),
  },
  DE: { shape: /^\d{5}$/, name: uiText('German postcode'), example: uiText('five digits, 10115') },
  FR: { shape: /^\d{5}$/, name: uiText('French postcode'), example: uiText('five digits, 75008') },
  IE: {
    shape: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[AC-FHKNPRTV-Y0-9]{4}$/,
    name: 'Eircode',
    example: 'D02 X285',
  },
  NL: { shape: /^[1-9]\d{3} ?[A-Z]{2}$/, name: uiText('Dutch postcode'), example: '1012 AB' },
};

/** Texts people put where they have no address. */
const PLACEHOLDER =
  /^(n\/?a|n\.a\.|none|nil|null|unknown|not known|tbc|tba|tbd|no address|same|see above|test|xxx+|-+|\.+|\?+|0+)$/i;

/** Something that looks like a postcode of any country (to tell "wrong" from "missing"). */
const POSTCODE_LIKE =
  /\b(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]\d{2}\s?[A-Z\d]{4}|\d{4}\s?[A-Z]{2}|\d{4,6}(?:-\d{3,4})?)\b/gi;

/**
 * The country a person wrote ("GB", "GBR", "United Kingdom"): its alpha-2 code when it is one of
 * the six the parser reads, whether it is an ISO 3166 code at all, and a problem when it is not.
 */
function checkCountry(written: string): {
  country: AddressCountry | null;
  problem: AddressProblem | null;
} {
  const key = foldKey(written);
  const known = COUNTRY_BY_NAME.get(key);
  if (key === 'UK')
    return {
      country: 'GB',
      problem: {
        field: 'country',
        code: 'country-not-iso',
        severity: 'warning',
        message: uiText('Country "UK" is not an ISO 3166 code: the United Kingdom is GB (GBR).'),
      },
    };
  if (/^[A-Z]{2}$/.test(key)) {
    if (ISO_3166_ALPHA2.has(key))
      return { country: isAddressCountry(key) ? key : null, problem: null };
  } else if (/^[A-Z]{3}$/.test(key)) {
    if (ISO_3166_ALPHA3.has(key)) return { country: known ?? null, problem: null };
  } else if (known) return { country: known, problem: null };
  return {
    country: null,
    problem: {
      field: 'country',
      code: 'unknown-country',
      severity: 'error',
      message: uiText(
        `Country "${written}" is not an ISO 3166 country code (two letters such as GB, or three such as GBR).`,
      ),
    },
  };
}

/**
 * Checks one address (SPEC §2 Tools, address validator): blanks and placeholders, too short,
 * PO boxes, the country code, the postcode's shape for the country, UK postcode areas, and a
 * street and town present. `country` is the country the address should be in, when known.
 */
export function validateAddress(address: string, country?: string | null): AddressValidation {
  const problems: AddressProblem[] = [];
  const text = address.replace(/\s+/g, ' ').trim();
  let expected: AddressCountry | null = null;
  // A valid country the rules do not know (ES, JP…): nothing to check its postcode against.
  let otherCountry = false;
  if (country && country.trim() !== '') {
    const checked = checkCountry(country.trim());
    expected = checked.country;
    if (checked.problem) problems.push(checked.problem);
    otherCountry = !checked.country && !checked.problem;
  }
  const parsed = parseAddress(text, expected ? { defaultCountry: expected } : {});
  const components = parsed.components;
  const result = () => ({
    valid: !problems.some((p) => p.severity === 'error'),
    components,
    problems,
  });

  if (text === '') {
    problems.push({
      field: 'address',
      code: 'blank',
      severity: 'error',
      message: uiText('The address is blank.'),
    });
    return result();
  }
  if (PLACEHOLDER.test(text)) {
    problems.push({
      field: 'address',
      code: 'placeholder',
      severity: 'error',
      message: uiText(`"${text}" is a placeholder, not an address.`),
    });
    return result();
  }
  if (foldKey(text).replace(/ /g, '').length < 8 || text.split(' ').length < 2) {
    problems.push({
      field: 'address',
      code: 'too-short',
      severity: 'error',
      message: uiText(`"${text}" is too short to be a postal address.`),
    });
  }
  if (
    PO_BOX.test(components.street ?? '') ||
    /\b(P\.?\s?O\.?\s?Box|Postfach|Postbus)\b/i.test(text)
  ) {
    problems.push({
      field: 'street',
      code: 'po-box',
      severity: 'warning',
      message: uiText('A PO box is a mail drop, not the place where the business is.'),
    });
  }

  if (expected && parsed.countrySource === 'explicit' && components.country !== expected) {
    problems.push({
      field: 'country',
      code: 'country-mismatch',
      severity: 'error',
      message: uiText(`The address says ${components.country}, the country given is ${expected}.`),
    });
  }
  const target = otherCountry ? null : ((expected ?? components.country) as AddressCountry | null);
  if (target && isAddressCountry(target)) {
    const rule = POSTCODE_RULES[target];
    // Named for the catalogue's placeholders: `{{kind}}`, not a name kept as written.
    const { name: kind, example } = rule;
    if (components.postcode && components.country === target) {
      if (!rule.shape.test(components.postcode)) {
        problems.push({
          field: 'postcode',
          code: 'invalid-postcode',
          severity: 'error',
          message: uiText(`"${components.postcode}" is not a valid ${kind} (${example}).`),
        });
      } else if (target === 'GB') {
        const area = /^[A-Z]+/.exec(components.postcode)![0];
        if (!UK_POSTCODE_AREAS.has(area))
          problems.push({
            field: 'postcode',
            code: 'unknown-postcode-area',
            severity: 'error',
            message: uiText(`"${components.postcode}": ${area} is not a UK postcode area.`),
          });
      }
    } else {
      // The parser found no postcode of this country: tell a wrong one from none at all.
      const candidate = [...text.matchAll(POSTCODE_LIKE)].at(-1)?.[0];
      const wrong =
        candidate && !PO_BOX.test(text.slice(0, text.indexOf(candidate) + candidate.length));
      problems.push(
        wrong
          ? {
              field: 'postcode',
              code: 'invalid-postcode',
              severity: 'error',
              message: uiText(`"${candidate}" is not a valid ${kind} (${example}).`),
            }
          : {
              field: 'postcode',
              code: 'missing-postcode',
              // Many Irish addresses are still written without their Eircode.
              severity: target === 'IE' ? 'warning' : 'error',
              message: uiText(`No ${kind} in the address.`),
            },
      );
    }
  }
  if (!target && !otherCountry) {
    problems.push({
      field: 'country',
      code: 'unknown-country-format',
      severity: 'warning',
      message: uiText(
        'The country could not be told from the address: give its country to check the postcode.',
      ),
    });
  }
  if (!components.street)
    problems.push({
      field: 'street',
      code: 'missing-street',
      severity: 'warning',
      message: uiText('No street or PO box found.'),
    });
  if (!components.city)
    problems.push({
      field: 'city',
      code: 'missing-city',
      severity: 'warning',
      message: uiText('No town or city found.'),
    });
  return result();
}
