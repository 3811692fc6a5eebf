import type { GlobalSummary } from '@b2b/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { formatJobCount } from './format';
import { useT } from '../../../lib/i18n';

export type CurrencyJobs = GlobalSummary['currencies'][number];

/** The one currency the figures are in: amounts in different currencies are never added. */
export function CurrencySelect(props: {
  currencies: CurrencyJobs[];
  value: string;
  onChange: (currency: string) => void;
}) {
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={t('Currency')}
      value={props.value}
      sx={{ minWidth: 170 }}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {props.currencies.map((c) => (
        <MenuItem key={c.currency} value={c.currency}>
          {c.currency} ({formatJobCount(c.jobs, t)})
        </MenuItem>
      ))}
    </TextField>
  );
}
