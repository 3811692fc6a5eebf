import { useCallback, useSyncExternalStore } from 'react';
import { languageRevision, subscribeToLanguage, t, type Translate } from './i18n';

/**
 * The translate function of the UI's current language; the component renders again when the
 * language or its strings change. `t('{{count}} suppliers', { count })` fills in the values.
 */
export function useT(): Translate {
  const revision = useSyncExternalStore(subscribeToLanguage, languageRevision);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per change re-renders its users
  return useCallback<Translate>((key, values) => t(key, values), [revision]);
}
