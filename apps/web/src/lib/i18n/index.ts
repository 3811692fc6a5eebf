export { applyLanguage, currentLanguage, rememberedLanguage, tKey } from './i18n';
export { useT } from './use-t';
