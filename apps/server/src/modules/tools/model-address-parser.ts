import { AddressComponentsSchema, type AddressComponents } from '@b2b/contract';

/** The part of the chat module's model client the parser needs (an OpenAI-compatible server). */
export type AddressModel = {
  model: string;
  complete(messages: { role: 'system' | 'user'; content: string }[]): Promise<{ content: string }>;
};

const SYSTEM_PROMPT = `You split postal addresses into components. Answer with one JSON object and nothing else, with exactly these keys, each a string or null:
building (flat, unit, suite, building name or "c/o" line), street (house number and street, or the PO box), locality (district or village within the town), city, region (county, state or province; US states as their two-letter code), postcode, country (ISO 3166-1 alpha-2 code).
Copy the words as they are written; do not translate or correct them.`;

/** The JSON object of a model's answer, also when it wraps it in a code fence or prose. */
function jsonOf(content: string): unknown {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('The model did not answer with a JSON object');
  return JSON.parse(content.slice(start, end + 1));
}

/**
 * Asks the configured model to split one address. Throws on any failure (unreachable, timeout,
 * not JSON, wrong keys, a country that is not two letters): the caller falls back to the rules.
 */
export async function parseWithModel(
  model: AddressModel,
  address: string,
  defaultCountry: string | undefined,
): Promise<AddressComponents> {
  const hint = defaultCountry
    ? `\nIf the address does not say its country, it is in ${defaultCountry}.`
    : '';
  const { content } = await model.complete([
    { role: 'system', content: SYSTEM_PROMPT + hint },
    { role: 'user', content: address },
  ]);
  const parsed = AddressComponentsSchema.safeParse(jsonOf(content));
  if (!parsed.success) throw new Error('The model answered JSON without the address components');
  const components = Object.fromEntries(
    Object.entries(parsed.data).map(([k, v]) => [k, v?.trim() ? v.trim() : null]),
  ) as AddressComponents;
  if (components.country !== null) {
    components.country = components.country.toUpperCase();
    if (!/^[A-Z]{2}$/.test(components.country))
      throw new Error(
        `The model answered a country that is not an ISO code: ${components.country}`,
      );
  }
  return components;
}
