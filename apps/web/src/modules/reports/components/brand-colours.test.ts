import { THEME_BRAND_COLOURS, THEMES, type ThemeKey } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { THEME_DEFINITIONS } from '../../../theme/theme-definitions';

describe('the PowerPoint deck’s brand colours', () => {
  it('are the web themes’ primary and secondary colours', () => {
    for (const theme of Object.keys(THEMES) as ThemeKey[]) {
      const { primary, secondary } = THEME_DEFINITIONS[theme];
      expect(THEME_BRAND_COLOURS[theme], theme).toEqual({ primary, secondary });
    }
  });
});
