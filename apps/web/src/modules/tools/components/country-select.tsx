import { ADDRESS_PARSER_COUNTRIES } from '@b2b/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { tKey, useT } from '../../../lib/i18n';

export type ParserCountry = (typeof ADDRESS_PARSER_COUNTRIES)[number];

const NAMES: Record<ParserCountry, string> = {
  GB: tKey('United Kingdom (GB)'),
  US: tKey('United States (US)'),
  DE: tKey('Germany (DE)'),
  FR: tKey('France (FR)'),
  IE: tKey('Ireland (IE)'),
  NL: tKey('Netherlands (NL)'),
};

/** The country to assume when an address names none and its postcode does not tell. */
export function DefaultCountrySelect({
  value,
  onChange,
  disabled,
}: {
  value: ParserCountry | '';
  onChange: (value: ParserCountry | '') => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={t('Default country')}
      value={value}
      onChange={(e) => onChange(e.target.value as ParserCountry | '')}
      disabled={disabled}
      helperText={t('Used when neither a country nor a postcode says')}
      sx={{ width: 240 }}
    >
      <MenuItem value="">{t('None')}</MenuItem>
      {ADDRESS_PARSER_COUNTRIES.map((code) => (
        <MenuItem key={code} value={code}>
          {t(NAMES[code])}
        </MenuItem>
      ))}
    </TextField>
  );
}
