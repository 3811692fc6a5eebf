import { ISSUER_LANGUAGES } from '@b2b/contract';
import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { currentLanguage, useT } from '../../../lib/i18n';
import { useMyLanguage, useSetMyLanguage } from '../api/my-language';

/** A language's name in a language: its own for the list ("Deutsch"), the UI's for the hint. */
export function languageName(language: string, inLanguage = language): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(language) ?? language;
  } catch {
    return ISSUER_LANGUAGES.find((l) => l.key === language)?.name ?? language;
  }
}

/**
 * The toolbar's language switcher: any signed-in user picks the UI's language (kept on their
 * account, so it follows them to another browser) or goes back to their issuer's.
 */
export function LanguageMenu() {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The items (each names its language with Intl.DisplayNames, a few milliseconds apiece) are
  // made once the menu is first opened, not with every page's toolbar; they stay for its
  // closing transition.
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const mine = useMyLanguage();
  const choose = useSetMyLanguage();
  const notify = useNotify();

  async function pick(language: string | null) {
    setAnchor(null);
    try {
      // The answer updates the user's language query; FollowUserLanguage loads its strings.
      await choose.mutateAsync(language);
    } catch (error) {
      notify.error(error, { operation: t('Change language') });
    }
  }

  const current = mine.data?.effective;
  return (
    <>
      <Tooltip title={t('Language')}>
        <IconButton
          color="inherit"
          aria-label={t('Language')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => {
            setOpened(true);
            setAnchor(event.currentTarget);
          }}
        >
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {opened &&
          ISSUER_LANGUAGES.map((language) => (
            <MenuItem
              key={language.key}
              selected={language.key === current}
              onClick={() => void pick(language.key)}
              lang={language.key}
            >
              <ListItemIcon>{language.key === current && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText>{languageName(language.key)}</ListItemText>
            </MenuItem>
          ))}
        {opened && mine.data?.issuerLanguage && <Divider />}
        {opened && mine.data?.issuerLanguage && (
          <MenuItem disabled={mine.data.chosen === null} onClick={() => void pick(null)}>
            <ListItemIcon />
            <ListItemText>
              {t('Use my issuer’s language ({{language}})', {
                language: languageName(mine.data.issuerLanguage, currentLanguage()),
              })}
            </ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
