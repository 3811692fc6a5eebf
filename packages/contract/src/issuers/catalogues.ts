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

export const ISSUER_LANGUAGES = [
  { key: 'en', name: 'English' },
  { key: 'de', name: 'German' },
  { key: 'fr', name: 'French' },
  { key: 'es', name: 'Spanish' },
  { key: 'it', name: 'Italian' },
  { key: 'nl', name: 'Dutch' },
  { key: 'pt', name: 'Portuguese' },
  { key: 'pl', name: 'Polish' },
] as const;
