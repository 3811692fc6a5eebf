export {
  applyLanguage,
  currentLanguage,
  rememberedLanguage,
  tKey,
  translateServerMessage,
} from './i18n';
export { useT } from './use-t';
