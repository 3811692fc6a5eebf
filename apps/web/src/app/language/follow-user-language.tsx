import { useEffect } from 'react';
import { currentLanguage } from '../../lib/i18n';
import { useMyLanguage } from '../../modules/translations/api/my-language';
import { showLanguage } from '../../modules/translations/hooks/use-show-language';

/**
 * Signed in, the UI shows the user's language: their own choice, else their issuer's (SPEC §3
 * issuer language). Rendered once in the signed-in shell; renders nothing.
 */
export function FollowUserLanguage() {
  const { data } = useMyLanguage();
  const effective = data?.effective;
  useEffect(() => {
    if (!effective || effective === currentLanguage()) return;
    const controller = new AbortController();
    showLanguage(effective, controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [effective]);
  return null;
}
