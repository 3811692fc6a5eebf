import { ThemeKeySchema, type ThemeKey } from '@b2b/contract';
import { useCallback } from 'react';
import { useStoredValue } from '../../lib/storage/use-stored-value';
import { THEME_DEFINITIONS } from '../../theme/theme-definitions';

/** Session storage key of the toolbar's theme preview (this tab, this sign-in only). */
export const THEME_PREVIEW_KEY = 'b2b.themePreview';

/**
 * The theme the theme switcher previews, or null for the user's own branding. A preview only
 * changes this browser tab: the user's branding is chosen on the profile page.
 */
export function useThemePreview(): [ThemeKey | null, (theme: ThemeKey | null) => void] {
  const [stored, setStored] = useStoredValue('session', THEME_PREVIEW_KEY);
  const parsed = ThemeKeySchema.safeParse(stored);
  const setPreview = useCallback((theme: ThemeKey | null) => setStored(theme), [setStored]);
  return [parsed.success ? parsed.data : null, setPreview];
}

/** The name beside the logo: the user's branding, or the previewed theme's own logo text. */
export function useBrandName(brandingDisplayName: string): string {
  const [preview] = useThemePreview();
  return preview ? THEME_DEFINITIONS[preview].brand.logoText : brandingDisplayName;
}
