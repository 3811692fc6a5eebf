import { ADDRESS_PARSER_COUNTRIES } from '@b2b/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export type ParserCountry = (typeof ADDRESS_PARSER_COUNTRIES)[number];

const NAMES: Record<ParserCountry, string> = {
  GB: 'United Kingdom (GB)',
  US: 'United States (US)',
  DE: 'Germany (DE)',
  FR: 'France (FR)',
  IE: 'Ireland (IE)',
  NL: 'Netherlands (NL)',
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
  return (
    <TextField
      select
      size="small"
      label="Default country"
      value={value}
      onChange={(e) => onChange(e.target.value as ParserCountry | '')}
      disabled={disabled}
      helperText="Used when neither a country nor a postcode says"
      sx={{ width: 240 }}
    >
      <MenuItem value="">None</MenuItem>
      {ADDRESS_PARSER_COUNTRIES.map((code) => (
        <MenuItem key={code} value={code}>
          {NAMES[code]}
        </MenuItem>
      ))}
    </TextField>
  );
}
