import { THEMES, type ThemeKey } from '@b2b/contract';
import Check from '@mui/icons-material/Check';
import Palette from '@mui/icons-material/Palette';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { THEME_DEFINITIONS } from '../../theme/theme-definitions';
import { useThemePreview } from './use-theme-preview';
import { useT } from '../../lib/i18n';

const THEME_KEYS = Object.keys(THEMES) as ThemeKey[];

/** The toolbar's theme switcher (Toolbar_Theme_Switcher_VIEW): previews any of the six themes. */
export function ThemeSwitcher() {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const [preview, setPreview] = useThemePreview();

  function choose(theme: ThemeKey | null) {
    setPreview(theme);
    setAnchor(null);
  }

  return (
    <>
      <Tooltip title={t('Preview a theme')}>
        <IconButton
          color="inherit"
          aria-label={t('Preview a theme')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Palette />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ThemeChoice
          label={t('My branding')}
          checked={preview === null}
          onChoose={() => choose(null)}
        />
        <Divider />
        {THEME_KEYS.map((key) => (
          <ThemeChoice
            key={key}
            label={`${t(THEMES[key])}: ${THEME_DEFINITIONS[key].brand.logoText}`}
            checked={preview === key}
            onChoose={() => choose(key)}
          />
        ))}
      </Menu>
    </>
  );
}

type ThemeChoiceProps = { label: string; checked: boolean; onChoose: () => void };

function ThemeChoice({ label, checked, onChoose }: ThemeChoiceProps) {
  return (
    <MenuItem role="menuitemradio" aria-checked={checked} onClick={onChoose}>
      <ListItemIcon>{checked && <Check fontSize="small" />}</ListItemIcon>
      <ListItemText primary={label} />
    </MenuItem>
  );
}
