import {
  ANALYTICS_AGGREGATES,
  COMPARISON_OPERATORS,
  type AnalyticsAggregateFn,
  type AnalyticsColumnType,
  type AnalyticsDatasetInfo,
  type AnalyticsFilter,
  type AnalyticsQueryDefinition,
  type ComparisonOperator,
} from '@b2b/contract';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { tKey, useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

/** The SPEC §3 operators that make sense for a column's type. */
export function operatorsFor(type: AnalyticsColumnType): readonly ComparisonOperator[] {
  if (type === 'text') return COMPARISON_OPERATORS;
  if (type === 'boolean') return ['Equal', 'NotEqual'];
  return COMPARISON_OPERATORS.filter((o) => !['Contains', 'StartsWith', 'EndsWith'].includes(o));
}

const OPERATOR_LABELS: Record<ComparisonOperator, string> = {
  Equal: tKey('equals'),
  NotEqual: tKey('does not equal'),
  GreaterThan: tKey('greater than'),
  GreaterThanOrEqual: tKey('at least'),
  LessThan: tKey('less than'),
  LessThanOrEqual: tKey('at most'),
  Contains: tKey('contains'),
  StartsWith: tKey('starts with'),
  EndsWith: tKey('ends with'),
};

/** The keys and labels of a definition's result columns (what sort can name). */
export function resultColumns(
  definition: AnalyticsQueryDefinition,
  dataset: AnalyticsDatasetInfo | undefined,
  t: Translate,
): { key: string; label: string }[] {
  const label = (key: string) => dataset?.columns.find((c) => c.key === key)?.label ?? key;
  const grouped = definition.groupBy.length > 0 || definition.aggregates.length > 0;
  const plain = (grouped ? definition.groupBy : definition.columns).map((key) => ({
    key,
    label: label(key),
  }));
  const aggregates = definition.aggregates.map((a) =>
    a.fn === 'count'
      ? { key: 'count', label: t('Count') }
      : {
          key: `${a.fn}_${a.column ?? ''}`,
          label: t('{{aggregate}} of {{column}}', {
            aggregate: a.fn,
            column: label(a.column ?? ''),
          }),
        },
  );
  return [...plain, ...aggregates];
}

/** A filter's typed value from what was typed: numbers and yes/no as themselves, empty as none. */
function typedValue(type: AnalyticsColumnType, text: string): AnalyticsFilter['value'] {
  if (text === '') return null;
  if (type === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

type Props = {
  datasets: AnalyticsDatasetInfo[];
  definition: AnalyticsQueryDefinition;
  onChange: (definition: AnalyticsQueryDefinition) => void;
  disabled?: boolean;
};

/**
 * The query builder (SPEC §2 /admin/analytics-query): dataset → columns → filters →
 * group-by and aggregates → sort. Only names of the allow-list are offered; the server checks
 * them again and binds every value.
 */
export function QueryBuilder({ datasets, definition, onChange, disabled }: Props) {
  const t = useT();
  const dataset = datasets.find((d) => d.key === definition.dataset);
  const columns = dataset?.columns ?? [];
  const typeOf = (key: string) => columns.find((c) => c.key === key)?.type ?? 'text';
  const set = (change: Partial<AnalyticsQueryDefinition>) => onChange({ ...definition, ...change });
  const grouped = definition.groupBy.length > 0 || definition.aggregates.length > 0;
  const sortable = resultColumns(definition, dataset, t);
  const sort = definition.sort[0];
  const labels = (selected: unknown) =>
    (selected as string[]).map((k) => columns.find((c) => c.key === k)?.label ?? k).join(', ');

  const setFilter = (index: number, change: Partial<AnalyticsFilter>) =>
    set({
      filters: definition.filters.map((f, i) => (i === index ? { ...f, ...change } : f)),
    });

  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('Dataset')}
        value={definition.dataset}
        disabled={disabled}
        onChange={(e) =>
          onChange({
            dataset: e.target.value,
            columns: [],
            filters: [],
            groupBy: [],
            aggregates: [],
            sort: [],
          })
        }
        sx={{ maxWidth: 360 }}
      >
        {datasets.map((d) => (
          <MenuItem key={d.key} value={d.key}>
            {d.label}
          </MenuItem>
        ))}
      </TextField>

      {dataset && (
        <>
          {grouped ? (
            <Typography variant="body2">
              {t('A grouped query shows its group-by columns and aggregates.')}
            </Typography>
          ) : (
            <TextField
              select
              label={t('Columns')}
              value={definition.columns}
              disabled={disabled}
              slotProps={{ select: { multiple: true, renderValue: labels } }}
              onChange={(e) => set({ columns: e.target.value as unknown as string[] })}
            >
              {columns.map((c) => (
                <MenuItem key={c.key} value={c.key}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
          )}

          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3">
              {t('Filters')}
            </Typography>
            {definition.filters.map((filter, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  select
                  size="small"
                  label={t('Filter {{n}} column', { n: i + 1 })}
                  value={filter.column}
                  disabled={disabled}
                  onChange={(e) => setFilter(i, { column: e.target.value, operator: 'Equal' })}
                  sx={{ minWidth: 180 }}
                >
                  {columns.map((c) => (
                    <MenuItem key={c.key} value={c.key}>
                      {c.label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label={t('Filter {{n}} operator', { n: i + 1 })}
                  value={filter.operator}
                  disabled={disabled}
                  onChange={(e) => setFilter(i, { operator: e.target.value as ComparisonOperator })}
                  sx={{ minWidth: 160 }}
                >
                  {operatorsFor(typeOf(filter.column)).map((o) => (
                    <MenuItem key={o} value={o}>
                      {t(OPERATOR_LABELS[o])}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label={t('Filter {{n}} value', { n: i + 1 })}
                  value={filter.value === null ? '' : String(filter.value)}
                  disabled={disabled}
                  placeholder={typeOf(filter.column) === 'date' ? t('YYYY-MM-DD') : ''}
                  onChange={(e) =>
                    setFilter(i, { value: typedValue(typeOf(filter.column), e.target.value) })
                  }
                />
                <IconButton
                  aria-label={t('Remove filter {{n}}', { n: i + 1 })}
                  disabled={disabled}
                  onClick={() => set({ filters: definition.filters.filter((_, j) => j !== i) })}
                >
                  ×
                </IconButton>
              </Stack>
            ))}
            <Button
              sx={{ alignSelf: 'start' }}
              disabled={disabled}
              onClick={() =>
                set({
                  filters: [
                    ...definition.filters,
                    { column: columns[0]!.key, operator: 'Equal', value: null },
                  ],
                })
              }
            >
              {t('Add filter')}
            </Button>
          </Stack>

          <TextField
            select
            label={t('Group by')}
            value={definition.groupBy}
            disabled={disabled}
            slotProps={{ select: { multiple: true, renderValue: labels } }}
            onChange={(e) =>
              set({ groupBy: e.target.value as unknown as string[], columns: [], sort: [] })
            }
          >
            {columns.map((c) => (
              <MenuItem key={c.key} value={c.key}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>

          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3">
              {t('Aggregates')}
            </Typography>
            {definition.aggregates.map((agg, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  select
                  size="small"
                  label={t('Aggregate {{n}}', { n: i + 1 })}
                  value={agg.fn}
                  disabled={disabled}
                  onChange={(e) => {
                    const fn = e.target.value as AnalyticsAggregateFn;
                    set({
                      aggregates: definition.aggregates.map((a, j) =>
                        j === i
                          ? fn === 'count'
                            ? { fn }
                            : {
                                fn,
                                column: a.column ?? columns.find((c) => c.type === 'number')?.key,
                              }
                          : a,
                      ),
                      sort: [],
                    });
                  }}
                  sx={{ minWidth: 120 }}
                >
                  {ANALYTICS_AGGREGATES.map((fn) => (
                    <MenuItem key={fn} value={fn}>
                      {fn}
                    </MenuItem>
                  ))}
                </TextField>
                {agg.fn !== 'count' && (
                  <TextField
                    select
                    size="small"
                    label={t('Aggregate {{n}} column', { n: i + 1 })}
                    value={agg.column ?? ''}
                    disabled={disabled}
                    onChange={(e) =>
                      set({
                        aggregates: definition.aggregates.map((a, j) =>
                          j === i ? { ...a, column: e.target.value } : a,
                        ),
                        sort: [],
                      })
                    }
                    sx={{ minWidth: 180 }}
                  >
                    {columns
                      .filter((c) => agg.fn === 'min' || agg.fn === 'max' || c.type === 'number')
                      .map((c) => (
                        <MenuItem key={c.key} value={c.key}>
                          {c.label}
                        </MenuItem>
                      ))}
                  </TextField>
                )}
                <IconButton
                  aria-label={t('Remove aggregate {{n}}', { n: i + 1 })}
                  disabled={disabled}
                  onClick={() =>
                    set({ aggregates: definition.aggregates.filter((_, j) => j !== i), sort: [] })
                  }
                >
                  ×
                </IconButton>
              </Stack>
            ))}
            <Button
              sx={{ alignSelf: 'start' }}
              disabled={disabled}
              onClick={() =>
                set({ aggregates: [...definition.aggregates, { fn: 'count' }], columns: [] })
              }
            >
              {t('Add aggregate')}
            </Button>
          </Stack>

          <Stack direction="row" spacing={1}>
            <TextField
              select
              label={t('Sort by')}
              value={sort?.key ?? ''}
              disabled={disabled}
              onChange={(e) =>
                set({
                  sort: e.target.value
                    ? [{ key: e.target.value, direction: sort?.direction ?? 'asc' }]
                    : [],
                })
              }
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('(none)')}</MenuItem>
              {sortable.map((c) => (
                <MenuItem key={c.key} value={c.key}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('Direction')}
              value={sort?.direction ?? 'asc'}
              disabled={disabled || !sort}
              onChange={(e) =>
                sort &&
                set({ sort: [{ key: sort.key, direction: e.target.value as 'asc' | 'desc' }] })
              }
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="asc">{t('Ascending')}</MenuItem>
              <MenuItem value="desc">{t('Descending')}</MenuItem>
            </TextField>
          </Stack>
        </>
      )}
    </Stack>
  );
}
