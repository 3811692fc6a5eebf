/**
 * The legal forms, by country, of company registers that refuse a name the same as one already
 * on them (in the matcher's legal-form keys, `b2b_legal_form_key`): the UK's Companies House
 * (Companies Act 2006 s.66, which counts "Ltd" and "Limited" as one), Ireland's CRO, Sweden's
 * Bolagsverket, Norway's Brønnøysund register, Denmark's Erhvervsstyrelsen, Finland's PRH,
 * Australia's ASIC and New Zealand's Companies Office. In such a country, records carrying one
 * name with such a form are one company, in whatever town: two unrelated businesses may share a
 * trading name, not a registered one. Registers that compare names only within a town (Germany,
 * Austria) or a state (the US), or not at all (France), are not listed: two same-named GmbHs in
 * two cities may be two companies.
 */
export const REGISTERED_NAME_FORMS: Readonly<Record<string, readonly string[]>> = {
  GBR: ['ltd', 'plc', 'llp'],
  IRL: ['ltd', 'plc', 'dac'],
  SWE: ['ab'],
  NOR: ['as'],
  DNK: ['aps', 'as'],
  FIN: ['oy', 'oyj'],
  AUS: ['ltd'],
  NZL: ['ltd'],
};

/** SQL: whether a record's legal form is one its country's register keeps unique. */
export function registeredNameSql(country = 'country', legalForm = 'legal_form'): string {
  const countries = Object.entries(REGISTERED_NAME_FORMS).map(
    ([iso3, forms]) =>
      `(${country} = '${iso3}' AND ${legalForm} IN (${forms.map((f) => `'${f}'`).join(', ')}))`,
  );
  return `coalesce(${countries.join(' OR ')}, false)`;
}
