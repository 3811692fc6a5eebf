import { CARD_PRODUCT_DISPLAY_ORDER, CARD_PRODUCT_INFO } from '../analysis/enums.js';

/** Capabilities an issuer can offer: the card products, in their display order. */
export const ISSUER_CAPABILITIES = CARD_PRODUCT_DISPLAY_ORDER.map((id) => ({
  id,
  name: CARD_PRODUCT_INFO[id].name,
}));

export const VIRTUAL_LOCKBOX_OPTIONS = [
  { key: 'Boost', label: 'Boost' },
  { key: 'BoostEu', label: 'Boost EU' },
  { key: 'Its', label: 'ITS' },
] as const;

// Its own file: the sign-in page needs the languages, not the card products (bundle budget).
export { ISSUER_LANGUAGES } from './languages.js';
