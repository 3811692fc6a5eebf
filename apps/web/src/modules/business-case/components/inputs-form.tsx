import {
  BUSINESS_CASE_PRODUCTS,
  CARD_PRODUCT_INFO,
  ENROLMENT_BENCHMARKS,
  SCORE_LEVELS,
  type BusinessCaseInputs,
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
import { NumberField } from './number-field';

/** Validation messages by the input's path (`assumptions.adoptionPct.1`). */
export type InputErrors = Record<string, string>;

const hint = `Benchmarks: self-service ${ENROLMENT_BENCHMARKS.selfService.low}–${ENROLMENT_BENCHMARKS.selfService.high} %, managed ${ENROLMENT_BENCHMARKS.managed.low}–${ENROLMENT_BENCHMARKS.managed.high} %`;

/** The calculator's inputs: the spend that can move, years, adoption, rates, costs and terms. */
export function InputsForm({
  inputs,
  errors,
  onChange,
  useCases,
}: {
  inputs: BusinessCaseInputs;
  errors: InputErrors;
  onChange: (change: (draft: BusinessCaseInputs) => void) => void;
  useCases: UseCase[];
}) {
  const a = inputs.assumptions;
  const source = inputs.source;
  const setSource = (next: SpendSource) => onChange((d) => (d.source = next));
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="bc-source">Spend that can move</FormLabel>
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
          <ToggleButton value="scoreLevel">By score level</ToggleButton>
          <ToggleButton value="useCase" disabled={useCases.length === 0}>
            By use case
          </ToggleButton>
          <ToggleButton value="suppliers">Chosen suppliers</ToggleButton>
        </ToggleButtonGroup>
      </FormControl>
      {source.kind === 'scoreLevel' && (
        <FormControl error={Boolean(errors['source.levels'])}>
          <FormLabel>Suppliers scoring, for their best card product</FormLabel>
          <Stack direction="row">
            {SCORE_LEVELS.map((level) => (
              <FormControlLabel
                key={level}
                label={level}
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
          label="Use case"
          value={source.useCaseId}
          onChange={(e) => setSource({ kind: 'useCase', useCaseId: e.target.value })}
          sx={{ maxWidth: 420 }}
        >
          {useCases.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.name} ({u.figures.suppliers} suppliers)
            </MenuItem>
          ))}
        </TextField>
      )}
      {source.kind === 'suppliers' && (
        <TextField
          label="Supplier keys, one per line"
          multiline
          minRows={3}
          size="small"
          value={source.supplierKeys.join('\n')}
          error={Boolean(errors['source.supplierKeys'])}
          helperText={errors['source.supplierKeys'] ?? 'As the suppliers tab lists them'}
          onChange={(e) =>
            setSource({
              kind: 'suppliers',
              supplierKeys: e.target.value
                .split(/\r?\n/)
                .map((k) => k.trim())
                .filter(Boolean),
            })
          }
          sx={{ maxWidth: 420 }}
        />
      )}

      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <NumberField
          label="Years"
          value={inputs.years}
          step="1"
          width={100}
          error={errors.years}
          onChange={(v) => onChange((d) => (d.years = v))}
        />
        {a.adoptionPct.map((p, i) =>
          i < Math.max(1, Math.min(3, inputs.years || 1)) ? (
            <NumberField
              key={i}
              label={`Adoption year ${i + 1}`}
              unit="%"
              value={p}
              width={170}
              error={errors[`assumptions.adoptionPct.${i}`]}
              onChange={(v) => onChange((d) => (d.assumptions.adoptionPct[i] = v))}
            />
          ) : null,
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {hint} of targeted suppliers enrol.
      </Typography>

      <Table size="small" aria-label="Card product rates">
        <TableHead>
          <TableRow>
            <TableCell>Card product</TableCell>
            <TableCell>In the case</TableCell>
            <TableCell>Interchange rate</TableCell>
            <TableCell>Rebate rate</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {BUSINESS_CASE_PRODUCTS.map((p) => {
            const rates = a.products[p];
            const name = CARD_PRODUCT_INFO[p].name;
            return (
              <TableRow key={p}>
                <TableCell>{name}</TableCell>
                <TableCell>
                  <Checkbox
                    checked={rates.included}
                    slotProps={{ input: { 'aria-label': `Include ${name}` } }}
                    onChange={(_, on) => onChange((d) => (d.assumptions.products[p].included = on))}
                  />
                </TableCell>
                <TableCell>
                  <NumberField
                    label={`${name} interchange`}
                    unit="%"
                    value={rates.interchangePct}
                    error={errors[`assumptions.products.${p}.interchangePct`]}
                    onChange={(v) =>
                      onChange((d) => (d.assumptions.products[p].interchangePct = v))
                    }
                  />
                </TableCell>
                <TableCell>
                  <NumberField
                    label={`${name} rebate`}
                    unit="%"
                    value={rates.rebatePct}
                    error={errors[`assumptions.products.${p}.rebatePct`]}
                    onChange={(v) => onChange((d) => (d.assumptions.products[p].rebatePct = v))}
                  />
                </TableCell>
              </TableRow>
            );
          })}
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
            ['Cheque', 'Cost per cheque'],
            ['ACH', 'Cost per ACH transfer'],
            ['Wire', 'Cost per wire'],
            ['Card', 'Cost per card payment'],
          ] as const
        ).map(([m, label]) => (
          <NumberField
            key={m}
            label={label}
            value={a.costPerPayment[m]}
            width={170}
            error={errors[`assumptions.costPerPayment.${m}`]}
            onChange={(v) => onChange((d) => (d.assumptions.costPerPayment[m] = v))}
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
          label="Billing cycle"
          unit="days"
          step="1"
          width={160}
          value={a.billingCycleDays}
          error={errors['assumptions.billingCycleDays']}
          onChange={(v) => onChange((d) => (d.assumptions.billingCycleDays = v))}
        />
        <NumberField
          label="Grace period"
          unit="days"
          step="1"
          width={160}
          value={a.gracePeriodDays}
          error={errors['assumptions.gracePeriodDays']}
          onChange={(v) => onChange((d) => (d.assumptions.gracePeriodDays = v))}
        />
        <NumberField
          label="Cost of funds"
          unit="%"
          width={160}
          value={a.costOfFundsPct}
          error={errors['assumptions.costOfFundsPct']}
          onChange={(v) => onChange((d) => (d.assumptions.costOfFundsPct = v))}
        />
      </Stack>
    </Stack>
  );
}
