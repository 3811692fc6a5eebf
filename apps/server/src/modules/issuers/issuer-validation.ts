import {
  ISO_3166_ALPHA3,
  ISO_4217_CURRENCIES,
  ISSUER_CAPABILITIES,
  ISSUER_LANGUAGES,
  type IssuerUpdate,
  type IssuerUpdateBody,
  type IssuerUpdateQuery,
} from '@b2b/contract';
import { AppError } from '../../lib/app-error.js';

const CAPABILITY_IDS = new Set<string>(ISSUER_CAPABILITIES.map((c) => c.id));
const LANGUAGE_KEYS = new Set<string>(ISSUER_LANGUAGES.map((l) => l.key));

/**
 * Issuer create and update checks beyond the shape (SPEC.md section 5): the country and
 * currency must be real ISO codes, the language and capabilities known ones. Codes are taken
 * in upper case. Returns the normalised values or throws a 400 naming the field.
 */
export function checkIssuerCodes(input: {
  fallbackCountryIso3: string;
  currency: string;
  language: string;
  capabilities?: readonly string[];
}) {
  const country = input.fallbackCountryIso3.toUpperCase();
  const currency = input.currency.toUpperCase();
  if (!ISO_3166_ALPHA3.has(country)) {
    throw AppError.badRequest(
      `body.fallbackCountryIso3 must be an ISO 3166 alpha-3 country code such as GBR; '${input.fallbackCountryIso3}' is not one`,
      'body.fallbackCountryIso3',
    );
  }
  if (!ISO_4217_CURRENCIES.has(currency)) {
    throw AppError.badRequest(
      `body.currency must be an ISO 4217 currency code such as EUR; '${input.currency}' is not one`,
      'body.currency',
    );
  }
  if (!LANGUAGE_KEYS.has(input.language)) {
    throw AppError.badRequest(
      `body.language must be one of ${[...LANGUAGE_KEYS].join(', ')}`,
      'body.language',
    );
  }
  checkCapabilities(input.capabilities ?? [], 'body.capabilities');
  return { fallbackCountryIso3: country, currency };
}

export function checkCapabilities(capabilities: readonly string[], field: string): void {
  const unknown = capabilities.filter((c) => !CAPABILITY_IDS.has(c));
  if (unknown.length > 0) {
    throw AppError.badRequest(
      `${field}: unknown capability ${unknown.join(', ')}; known ones are ${[...CAPABILITY_IDS].join(', ')}`,
      field,
    );
  }
}

/**
 * The issuer update SPEC §7 gives "with parameters": the issuer and the version read come from
 * the query (issuerId, version) or from the body (id, version), as today's callers send them.
 * One of each is required; when both are given they must agree. Throws a 400 naming the field.
 */
export function issuerUpdateOf(query: IssuerUpdateQuery, body: IssuerUpdateBody): IssuerUpdate {
  const pick = <T>(param: T | undefined, inBody: T | undefined, names: [string, string]) => {
    const [paramName, bodyName] = names;
    if (param !== undefined && inBody !== undefined && param !== inBody) {
      throw AppError.badRequest(
        `Invalid querystring.${paramName}: it differs from ${bodyName} in the body; send one or the same`,
        `querystring.${paramName}`,
      );
    }
    const value = param ?? inBody;
    if (value === undefined) {
      throw AppError.badRequest(
        `Invalid querystring.${paramName}: give the issuer's ${bodyName} as the ${paramName} parameter or in the body`,
        `querystring.${paramName}`,
      );
    }
    return value;
  };
  return {
    ...body,
    id: pick(query.issuerId, body.id, ['issuerId', 'id']),
    version: pick(query.version, body.version, ['version', 'version']),
  };
}
