import {
  BUSINESS_CASE_PRODUCTS,
  CARD_PRODUCT_INFO,
  ENROLMENT_BENCHMARKS,
  SCORE_LEVELS,
  type BusinessCaseInputs,
  type BusinessCaseProduct,
  type ProductRates,
  type SpendSource,
  type UseCase,
} from '@b2b/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { NumberField } from './number-field';
import { SupplierPicker } from './supplier-picker';
import { useT } from '../../../lib/i18n';

/** Validation messages by the input's path (`assumptions.adoptionPct.1`). */
export type InputErrors = Record<string, string>;

const benchmarks = {
  selfLow: ENROLMENT_BENCHMARKS.selfService.low,
  selfHigh: ENROLMENT_BENCHMARKS.selfService.high,
  managedLow: ENROLMENT_BENCHMARKS.managed.low,
  managedHigh: ENROLMENT_BENCHMARKS.managed.high,
};

/** One product's rates: re-rendered only when they (or their messages) change. */
const ProductRatesRow = memo(function ProductRatesRow({
  product,
  rates,
  interchangeError,
  rebateError,
  onField,
}: {
  product: BusinessCaseProduct;
  rates: ProductRates;
  interchangeError?: string;
  rebateError?: string;
  onField: (field: string, value: unknown) => void;
}) {
  const t = useT();
  const name = CARD_PRODUCT_INFO[product].name;
  return (
    <TableRow>
      <TableCell>{name}</TableCell>
      <TableCell>
        <Checkbox
          checked={rates.included}
          slotProps={{ input: { 'aria-label': t('Include {{product}}', { product: name }) } }}
          onChange={(_, on) => onField(`assumptions.products.${product}.included`, on)}
        />
      </TableCell>
      <TableCell>
        <NumberField
          label={t('{{product}} interchange', { product: name })}
          unit="%"
          value={rates.interchangePct}
          error={interchangeError}
          field={`assumptions.products.${product}.interchangePct`}
          onField={onField}
        />
      </TableCell>
      <TableCell>
        <NumberField
          label={t('{{product}} rebate', { product: name })}
          unit="%"
          value={rates.rebatePct}
          error={rebateError}
          field={`assumptions.products.${product}.rebatePct`}
          onField={onField}
        />
      </TableCell>
    </TableRow>
  );
});

/** The calculator's inputs: the spend that can move, years, adoption, rates, costs and terms. */
export function InputsForm({
  jobId,
  currency,
  inputs,
  errors,
  onField,
  useCases,
}: {
  jobId: string;
  currency: string;
  inputs: BusinessCaseInputs;
  errors: InputErrors;
  onField: (field: string, value: unknown) => void;
  useCases: UseCase[];
}) {
  const t = useT();
  const a = inputs.assumptions;
  const source = inputs.source;
  const setSource = (next: SpendSource) => onField('source', next);
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="bc-source">{t('Spend that can move')}</FormLabel>
        <ToggleButtonGroup
          aria-labelledby="bc-source"
          exclusive
          size="small"
          value={source.kind}
          onChange={(_, kind: SpendSource['kind'] | null) => {
            if (kind === 'scoreLevel') setSource({ kind, levels: ['High', 'Medium'] });
            if (kind === 'useCase' && useCases[0]) setSource({ kind, useCaseId: useCases[0].id });
            if (kind === 'suppliers') setSource({ kind, supplierKeys: [] });
          }}
        >
          <ToggleButton value="scoreLevel">{t('By score level')}</ToggleButton>
          <ToggleButton value="useCase" disabled={useCases.length === 0}>
            {t('By use case')}
          </ToggleButton>
          <ToggleButton value="suppliers">{t('Chosen suppliers')}</ToggleButton>
        </ToggleButtonGroup>
      </FormControl>
      {source.kind === 'scoreLevel' && (
        <FormControl error={Boolean(errors['source.levels'])}>
          <FormLabel>{t('Suppliers scoring, for their best card product')}</FormLabel>
          <Stack direction="row">
            {SCORE_LEVELS.map((level) => (
              <FormControlLabel
                key={level}
                label={t(level)}
                control={
                  <Checkbox
                    checked={source.levels.includes(level)}
                    onChange={(_, on) =>
                      setSource({
                        kind: 'scoreLevel',
                        levels: SCORE_LEVELS.filter((l) =>
                          l === level ? on : source.levels.includes(l),
                        ),
                      })
                    }
                  />
                }
              />
            ))}
          </Stack>
          {errors['source.levels'] && <FormHelperText>{errors['source.levels']}</FormHelperText>}
        </FormControl>
      )}
      {source.kind === 'useCase' && (
        <TextField
          select
          size="small"
          label={t('Use case')}
          value={source.useCaseId}
          onChange={(e) => setSource({ kind: 'useCase', useCaseId: e.target.value })}
          sx={{ maxWidth: 420 }}
        >
          {useCases.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {t('{{name}} ({{count}} suppliers)', { name: u.name, count: u.figures.suppliers })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {source.kind === 'suppliers' && (
        <SupplierPicker
          jobId={jobId}
          currency={currency}
          supplierKeys={source.supplierKeys}
          error={errors['source.supplierKeys']}
          onChange={(supplierKeys) => setSource({ kind: 'suppliers', supplierKeys })}
        />
      )}

      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <NumberField
          label={t('Years')}
          value={inputs.years}
          step="1"
          width={100}
          error={errors.years}
          field="years"
          onField={onField}
        />
        {a.adoptionPct.map((p, i) =>
          i < Math.max(1, Math.min(3, inputs.years || 1)) ? (
            <NumberField
              key={i}
              label={t('Adoption year {{year}}', { year: i + 1 })}
              unit="%"
              value={p}
              width={170}
              error={errors[`assumptions.adoptionPct.${i}`]}
              field={`assumptions.adoptionPct.${i}`}
              onField={onField}
            />
          ) : null,
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t(
          'Benchmarks: self-service {{selfLow}}–{{selfHigh}} %, managed {{managedLow}}–{{managedHigh}} % of targeted suppliers enrol.',
          benchmarks,
        )}
      </Typography>

      <Table size="small" aria-label={t('Card product rates')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Card product')}</TableCell>
            <TableCell>{t('In the case')}</TableCell>
            <TableCell>{t('Interchange rate')}</TableCell>
            <TableCell>{t('Rebate rate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {BUSINESS_CASE_PRODUCTS.map((p) => (
            <ProductRatesRow
              key={p}
              product={p}
              rates={a.products[p]}
              interchangeError={errors[`assumptions.products.${p}.interchangePct`]}
              rebateError={errors[`assumptions.products.${p}.rebatePct`]}
              onField={onField}
            />
          ))}
        </TableBody>
      </Table>

      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        {(
          [
            ['Cheque', t('Cost per cheque')],
            ['ACH', t('Cost per ACH transfer')],
            ['Wire', t('Cost per wire')],
            ['Card', t('Cost per card payment')],
          ] as const
        ).map(([m, label]) => (
          <NumberField
            key={m}
            label={label}
            value={a.costPerPayment[m]}
            width={170}
            error={errors[`assumptions.costPerPayment.${m}`]}
            field={`assumptions.costPerPayment.${m}`}
            onField={onField}
          />
        ))}
      </Stack>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <NumberField
          label={t('Billing cycle')}
          unit={t('days')}
          step="1"
          width={160}
          value={a.billingCycleDays}
          error={errors['assumptions.billingCycleDays']}
          field="assumptions.billingCycleDays"
          onField={onField}
        />
        <NumberField
          label={t('Grace period')}
          unit={t('days')}
          step="1"
          width={160}
          value={a.gracePeriodDays}
          error={errors['assumptions.gracePeriodDays']}
          field="assumptions.gracePeriodDays"
          onField={onField}
        />
        <NumberField
          label={t('Cost of funds')}
          unit="%"
          width={160}
          value={a.costOfFundsPct}
          error={errors['assumptions.costOfFundsPct']}
          field="assumptions.costOfFundsPct"
          onField={onField}
        />
      </Stack>
    </Stack>
  );
}
