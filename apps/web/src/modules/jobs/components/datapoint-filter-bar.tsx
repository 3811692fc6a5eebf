import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import {
  numberBounds,
  numberProblem,
  type BooleanValue,
  type DatapointFilter,
  type DatapointFilterValue,
  type DateValue,
  type MultiselectValue,
  type NumberValue,
} from './datapoint-filters';
import { useDatapointOptions } from '../hooks/use-datapoint-options';

type WidgetProps<F extends DatapointFilter['kind'], V> = {
  filter: Extract<DatapointFilter, { kind: F }>;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  problem?: string;
};

/** A datapoint this job cannot filter on: shown, disabled, with the reason. */
function UnavailableWidget({ label, reason }: { label: string; reason: string }) {
  const t = useT();
  return (
    <TextField
      margin="none"
      size="small"
      label={label}
      disabled
      value=""
      helperText={reason}
      placeholder={t('Not available')}
      sx={{ width: 260 }}
    />
  );
}

function MultiselectWidget({
  filter,
  value,
  onChange,
  problem,
  jobId,
}: WidgetProps<'multiselect', MultiselectValue> & { jobId: string }) {
  const t = useT();
  const options = useDatapointOptions(jobId, filter.optionsChart, true);
  if (options.isError)
    return <UnavailableWidget label={t(filter.label)} reason={errorMessageOf(options.error)} />;
  if (options.data && !options.data.available) {
    return (
      <UnavailableWidget
        label={t(filter.label)}
        reason={options.data.reason ?? t('This job holds no values for it.')}
      />
    );
  }
  const bars = options.data?.bars ?? [];
  const labels = new Map(bars.map((bar) => [bar.key, bar.label]));
  const keys = bars.map((bar) => bar.key);
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      size="small"
      sx={{ width: 260 }}
      options={keys}
      loading={options.isPending}
      value={value?.selected ?? []}
      getOptionLabel={(key) => {
        const label = labels.get(key);
        return label && label !== key ? `${label} (${key})` : key;
      }}
      onChange={(_, selected) =>
        onChange(selected.length > 0 ? { selected, options: keys } : undefined)
      }
      renderInput={(params) => (
        <TextField
          margin="none"
          {...params}
          label={t(filter.label)}
          error={Boolean(problem)}
          helperText={problem}
          placeholder={options.isPending ? t('Loading values…') : undefined}
        />
      )}
    />
  );
}

function BooleanWidget({ filter, value, onChange }: WidgetProps<'boolean', BooleanValue>) {
  const t = useT();
  return (
    <Box>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {t(filter.label)}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label={t(filter.label)}
        value={value ?? 'any'}
        onChange={(_, next: 'any' | 'yes' | 'no' | null) =>
          onChange(next === 'yes' || next === 'no' ? next : undefined)
        }
      >
        <ToggleButton value="any">{t('Any')}</ToggleButton>
        <ToggleButton value="yes">{t('Yes')}</ToggleButton>
        <ToggleButton value="no">{t('No')}</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}

function NumberWidget({ filter, value, onChange }: WidgetProps<'number', NumberValue>) {
  const t = useT();
  const current = value ?? { property: filter.properties[0]!.property, from: '', to: '' };
  const set = (next: Partial<NumberValue>) => {
    const merged = { ...current, ...next };
    onChange(merged.from === '' && merged.to === '' && !next.property ? undefined : merged);
  };
  const { min, max } = numberBounds(filter);
  const side = (key: 'from' | 'to', label: string) => {
    const problem = numberProblem(filter, current[key], t);
    return (
      <TextField
        margin="none"
        size="small"
        type="number"
        label={label}
        value={current[key]}
        onChange={(event) => set({ [key]: event.target.value })}
        error={problem !== null}
        helperText={
          problem ??
          t('{{min}} to {{max}}', { min: min.toLocaleString(), max: max.toLocaleString() })
        }
        slotProps={{ htmlInput: { min, max } }}
        sx={{ width: 150 }}
      />
    );
  };
  return (
    <Stack direction="row" spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      {filter.properties.length > 1 && (
        <TextField
          margin="none"
          select
          size="small"
          label={t('{{field}} of', { field: t(filter.label) })}
          value={current.property}
          onChange={(event) => set({ property: event.target.value })}
          sx={{ width: 150 }}
        >
          {filter.properties.map((p) => (
            <MenuItem key={p.property} value={p.property}>
              {t(p.label)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {side('from', t('{{field}} from', { field: t(filter.label) }))}
      {side('to', t('{{field}} to', { field: t(filter.label) }))}
    </Stack>
  );
}

function DateWidget({ filter, value, onChange }: WidgetProps<'date', DateValue>) {
  const t = useT();
  const current = value ?? { from: '', to: '' };
  const set = (next: Partial<DateValue>) => {
    const merged = { ...current, ...next };
    onChange(merged.from === '' && merged.to === '' ? undefined : merged);
  };
  return (
    <Stack direction="row" spacing={1}>
      {(['from', 'to'] as const).map((key) => (
        <TextField
          margin="none"
          key={key}
          size="small"
          type="date"
          label={
            key === 'from'
              ? t('{{field}} from', { field: t(filter.label) })
              : t('{{field}} to', { field: t(filter.label) })
          }
          value={current[key]}
          onChange={(event) => set({ [key]: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </Stack>
  );
}

/**
 * The datapoint filter widgets above a list; each change goes straight to the list's request.
 * The filters' labels and reasons are keys (`tKey` where they are defined), shown with `t`.
 */
export function DatapointFilterBar({
  jobId,
  filters,
  values,
  problems,
  onChange,
}: {
  jobId: string;
  filters: readonly DatapointFilter[];
  values: Readonly<Record<string, DatapointFilterValue | undefined>>;
  problems: Readonly<Record<string, string>>;
  onChange: (id: string, value: DatapointFilterValue | undefined) => void;
}) {
  const t = useT();
  return (
    <Paper variant="panel" component="section" aria-label={t('Filters')}>
      {/* Fields without the theme's form margins, so the widgets of a row line up at the top. */}
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 3, alignItems: 'flex-start' }}
      >
        {filters.map((filter) => {
          const common = {
            value: values[filter.id],
            onChange: (v: DatapointFilterValue | undefined) => onChange(filter.id, v),
            problem: problems[filter.id],
          };
          switch (filter.kind) {
            case 'multiselect':
              return (
                <MultiselectWidget
                  key={filter.id}
                  jobId={jobId}
                  filter={filter}
                  {...(common as Omit<WidgetProps<'multiselect', MultiselectValue>, 'filter'>)}
                />
              );
            case 'boolean':
              return (
                <BooleanWidget
                  key={filter.id}
                  filter={filter}
                  {...(common as Omit<WidgetProps<'boolean', BooleanValue>, 'filter'>)}
                />
              );
            case 'number':
              return (
                <NumberWidget
                  key={filter.id}
                  filter={filter}
                  {...(common as Omit<WidgetProps<'number', NumberValue>, 'filter'>)}
                />
              );
            case 'date':
              return (
                <DateWidget
                  key={filter.id}
                  filter={filter}
                  {...(common as Omit<WidgetProps<'date', DateValue>, 'filter'>)}
                />
              );
            case 'unavailable':
              return (
                <UnavailableWidget
                  key={filter.id}
                  label={t(filter.label)}
                  reason={t(filter.reason)}
                />
              );
          }
        })}
      </Stack>
    </Paper>
  );
}
