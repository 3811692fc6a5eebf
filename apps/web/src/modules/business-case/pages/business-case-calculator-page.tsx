import {
  BusinessCaseInputsSchema,
  calculateBusinessCase,
  type BusinessCaseContext,
  type BusinessCaseInputs,
  type BusinessCaseScenario,
  type JobDetails,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useJobUseCases } from '../../use-cases/api/list-job-use-cases';
import { useCopyBusinessCaseScenario } from '../api/copy-business-case-scenario';
import { useCreateBusinessCaseScenario } from '../api/create-business-case-scenario';
import { useDeleteBusinessCaseScenario } from '../api/delete-business-case-scenario';
import { businessCaseWorkbookUrl } from '../api/download-business-case-workbook';
import { useBusinessCase } from '../api/get-business-case';
import { useBusinessCaseSpend } from '../api/get-business-case-spend';
import { useUpdateBusinessCaseDefaults } from '../api/update-business-case-defaults';
import { useUpdateBusinessCaseScenario } from '../api/update-business-case-scenario';
import { InputsForm, type InputErrors } from '../components/inputs-form';
import { ResultsView } from '../components/results-view';
import { ScenarioCompare } from '../components/scenario-compare';
import { translateServerMessage, useT } from '../../../lib/i18n';

const startingInputs = (ctx: BusinessCaseContext): BusinessCaseInputs => ({
  years: 3,
  source: { kind: 'scoreLevel', levels: ['High', 'Medium'] },
  assumptions: structuredClone(ctx.defaults),
});

/**
 * /jobs/:jobId/business-case-calculator (SPEC §2): the business case per card product and in
 * total. The spend aggregates are fetched once per source; every input change recomputes in
 * the browser with the contract's calculateBusinessCase — the code the workbook is checked
 * against — so the figures follow each keystroke.
 */
export function BusinessCaseCalculatorPage({ job }: { job: JobDetails }) {
  const t = useT();
  const context = useBusinessCase(job.id);
  if (context.isPending) return <LinearProgress aria-label={t('Loading the business case')} />;
  if (context.isError) return <Alert severity="error">{errorMessageOf(context.error)}</Alert>;
  if (context.data.status !== 'Completed') {
    return (
      <Alert severity="info">
        {t(
          'The business case needs the job’s results, and this job is {{status}}; come back when it is Completed.',
          { status: context.data.status },
        )}
      </Alert>
    );
  }
  return <Calculator job={job} context={context.data} />;
}

type State = { inputs: BusinessCaseInputs; valid: BusinessCaseInputs; dirty: boolean };
type Action =
  | { type: 'field'; field: string; value: unknown }
  | { type: 'load'; inputs: BusinessCaseInputs }
  | { type: 'saved' };

/** The inputs with one field (a dotted path) set; the figures follow the last valid inputs. */
function reduce(state: State, action: Action): State {
  if (action.type === 'saved') return { ...state, dirty: false };
  let inputs = action.type === 'load' ? action.inputs : structuredClone(state.inputs);
  if (action.type === 'field') {
    const keys = action.field.split('.');
    if (keys.length === 1) inputs = { ...inputs, [keys[0]!]: action.value };
    else {
      let at = inputs as unknown as Record<string, unknown>;
      for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
      at[keys.at(-1)!] = action.value;
    }
  }
  const checked = BusinessCaseInputsSchema.safeParse(inputs);
  return {
    inputs,
    valid: checked.success ? checked.data : state.valid,
    dirty: action.type === 'field',
  };
}

function Calculator({ job, context }: { job: JobDetails; context: BusinessCaseContext }) {
  const t = useT();
  const [state, dispatch] = useReducer(reduce, undefined, () => {
    const inputs = startingInputs(context);
    return { inputs, valid: inputs, dirty: false };
  });
  const { inputs, valid, dirty } = state;
  const [scenarioId, setScenarioId] = useState<string>('');
  const [name, setName] = useState('');
  const [compare, setCompare] = useState<string[]>([]);
  const useCases = useJobUseCases(job.id);

  const errors: InputErrors = useMemo(() => {
    const found: InputErrors = {};
    const parsed = BusinessCaseInputsSchema.safeParse(inputs);
    if (!parsed.success) {
      // The contract's messages are catalogue keys: said in the UI's language.
      for (const issue of parsed.error.issues) {
        found[issue.path.join('.')] ??= translateServerMessage(issue.message);
      }
    }
    return found;
  }, [inputs]);
  const inputsValid = Object.keys(errors).length === 0;
  const spend = useBusinessCaseSpend(job.id, valid.source);
  const result = useMemo(
    () =>
      spend.data ? calculateBusinessCase(valid, spend.data.cells, context.currency, t) : undefined,
    [valid, spend.data, context.currency, t],
  );

  const onField = useCallback(
    (field: string, value: unknown) => dispatch({ type: 'field', field, value }),
    [],
  );
  // The scenario buttons read the inputs when clicked, so typing does not render them again.
  const validRef = useRef(valid);
  useLayoutEffect(() => {
    validRef.current = valid;
  });
  const currentInputs = useCallback(() => validRef.current, []);
  const load = useCallback(
    (id: string, chosen?: BusinessCaseScenario) => {
      setScenarioId(id);
      const scenario = chosen ?? context.scenarios.find((s) => s.id === id);
      dispatch({
        type: 'load',
        inputs: scenario ? structuredClone(scenario.inputs) : startingInputs(context),
      });
      setName(scenario?.name ?? '');
    },
    [context],
  );
  const saved = useCallback((id: string) => {
    setScenarioId(id);
    dispatch({ type: 'saved' });
  }, []);

  return (
    <Stack spacing={2}>
      <ScenarioBar
        job={job}
        context={context}
        scenarioId={scenarioId}
        name={name}
        onName={setName}
        dirty={dirty}
        inputsValid={inputsValid}
        currentInputs={currentInputs}
        onLoad={load}
        onSaved={saved}
      />

      <Section title={t('Inputs')}>
        <InputsForm
          jobId={job.id}
          currency={context.currency}
          inputs={inputs}
          errors={errors}
          onField={onField}
          useCases={useCases.data?.useCases ?? []}
        />
      </Section>

      <Section title={t('Business case')}>
        {spend.isError && <Alert severity="error">{errorMessageOf(spend.error)}</Alert>}
        {!inputsValid && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('Some inputs are not valid; the figures show the last valid inputs.')}
          </Alert>
        )}
        {spend.data && spend.data.unscoredSuppliers > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('{{count}} suppliers have no scored card product and are left out.', {
              count: spend.data.unscoredSuppliers,
            })}
          </Typography>
        )}
        {result ? (
          <ResultsView result={result} />
        ) : (
          <LinearProgress aria-label={t('Loading the spend')} />
        )}
      </Section>

      {context.scenarios.length > 1 && (
        <Section title={t('Compare scenarios')}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
            {context.scenarios.map((s) => (
              <FormControlLabel
                key={s.id}
                label={s.name}
                control={
                  <Checkbox
                    checked={compare.includes(s.id)}
                    onChange={(_, on) =>
                      setCompare((ids) => (on ? [...ids, s.id] : ids.filter((x) => x !== s.id)))
                    }
                  />
                }
              />
            ))}
          </Stack>
          {compare.length > 0 && (
            <ScenarioCompare
              jobId={job.id}
              currency={context.currency}
              scenarios={context.scenarios.filter((s) => compare.includes(s.id))}
            />
          )}
        </Section>
      )}
    </Stack>
  );
}

/** Load, save, copy and delete scenarios; save the issuer's defaults; the workbook link. */
const ScenarioBar = memo(function ScenarioBar({
  job,
  context,
  scenarioId,
  name,
  onName,
  dirty,
  inputsValid,
  currentInputs,
  onLoad,
  onSaved,
}: {
  job: JobDetails;
  context: BusinessCaseContext;
  scenarioId: string;
  name: string;
  onName: (name: string) => void;
  dirty: boolean;
  inputsValid: boolean;
  currentInputs: () => BusinessCaseInputs;
  onLoad: (id: string, chosen?: BusinessCaseScenario) => void;
  onSaved: (id: string) => void;
}) {
  const t = useT();
  const notify = useNotify();
  const create = useCreateBusinessCaseScenario(job.id);
  const update = useUpdateBusinessCaseScenario(job.id);
  const copy = useCopyBusinessCaseScenario(job.id);
  const remove = useDeleteBusinessCaseScenario(job.id);
  const saveDefaults = useUpdateBusinessCaseDefaults(job.id);
  const scenario = context.scenarios.find((s) => s.id === scenarioId);
  const onError = (operation: string) => (error: unknown) => notify.error(error, { operation });
  return (
    <Section title={t('Scenario')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('Scenario')}
          value={scenarioId}
          onChange={(e) => onLoad(e.target.value)}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">
            {context.defaultsSource === 'issuer'
              ? t('Issuer defaults ({{issuer}})', { issuer: context.issuerName })
              : t('Issuer defaults (shipped)')}
          </MenuItem>
          {context.scenarios.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name} — {s.createdByName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('Scenario name')}
          value={name}
          onChange={(e) => onName(e.target.value)}
        />
        <AsyncButton
          variant="contained"
          disabled={!inputsValid || name.trim() === ''}
          onError={onError(t('Save the scenario'))}
          onClick={async () => {
            const created = await create.mutateAsync({ name, inputs: currentInputs() });
            onSaved(created.id);
            notify.success(t('Saved “{{name}}”.', { name: created.name }));
          }}
        >
          {t('Save as new scenario')}
        </AsyncButton>
        {scenario?.canChange && (
          <AsyncButton
            disabled={!inputsValid || name.trim() === ''}
            onError={onError(t('Save the scenario'))}
            onClick={async () => {
              await update.mutateAsync({
                scenarioId: scenario.id,
                input: { name, inputs: currentInputs() },
              });
              onSaved(scenario.id);
              notify.success(t('Saved “{{name}}”.', { name }));
            }}
          >
            {t('Save changes')}
          </AsyncButton>
        )}
        {scenario && (
          <AsyncButton
            onError={onError(t('Copy the scenario'))}
            onClick={async () => {
              const copied = await copy.mutateAsync(scenario.id);
              onLoad(copied.id, copied);
            }}
          >
            {t('Copy')}
          </AsyncButton>
        )}
        {scenario?.canChange && (
          <AsyncButton
            color="error"
            onError={onError(t('Delete the scenario'))}
            onClick={async () => {
              await remove.mutateAsync(scenario.id);
              onLoad('');
            }}
          >
            {t('Delete')}
          </AsyncButton>
        )}
        {context.canEditDefaults && (
          <AsyncButton
            disabled={!inputsValid}
            onError={onError(t('Save the issuer defaults'))}
            onClick={async () => {
              await saveDefaults.mutateAsync(currentInputs().assumptions);
              notify.success(
                t('These assumptions are now {{issuer}}’s defaults.', {
                  issuer: context.issuerName,
                }),
              );
            }}
          >
            {t('Save as issuer defaults')}
          </AsyncButton>
        )}
        <Button onClick={() => onLoad('')}>{t('Reset to issuer defaults')}</Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {scenario && !dirty ? (
          <Link href={businessCaseWorkbookUrl(job.id, scenario.id)} download>
            {t('Download this scenario’s workbook (XLSX)')}
          </Link>
        ) : (
          t('Save the scenario to download it as a workbook with live formulas.')
        )}
      </Typography>
    </Section>
  );
});
