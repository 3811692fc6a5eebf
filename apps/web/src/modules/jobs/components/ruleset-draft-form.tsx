import type { ConfidenceRuleset, ScoringRuleset } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { AsyncButton } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { ApiError, errorMessageOf } from '../../../lib/api-error';
import { tKey, translateServerMessage, useT } from '../../../lib/i18n';
import type { DraftInput } from '../api/save-ruleset-draft';
import { MatchModelTables } from './match-model-tables';
import { productName, scoringConditionText, confidenceConditionText } from './ruleset-text';

type Path = (string | number)[];

/** `levels.high`, `spendBands[1].min`: a path as the server names the field after `body.ruleset`. */
export function fieldKey(path: Path): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
}

function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = setAt(copy[key!], rest, next);
  return copy as T;
}

type FieldErrors = Map<string, string>;

/** The editor's state and its helpers, shared by both forms. */
type Editing<R> = {
  ruleset: R;
  set: (path: Path, value: unknown) => void;
  errors: FieldErrors;
};

function NumberField<R>({
  editing,
  path,
  label,
  value,
}: {
  editing: Editing<R>;
  path: Path;
  label: string;
  value: number;
}) {
  const error = editing.errors.get(`body.ruleset.${fieldKey(path)}`);
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={Number.isFinite(value) ? value : ''}
      onChange={(e) =>
        // An empty box is sent as null: the server names the field rather than taking 0.
        editing.set(path, e.target.value === '' ? null : Number(e.target.value))
      }
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { step: 'any' } }}
    />
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
}

/** A cut-off's label by its level. */
const FROM_LABEL = {
  high: tKey('High from'),
  medium: tKey('Medium from'),
  low: tKey('Low from'),
} as const;

function ScoringFields({ editing }: { editing: Editing<ScoringRuleset> }) {
  const t = useT();
  const { ruleset } = editing;
  return (
    <Stack spacing={2}>
      <Section headingLevel={3} title={t('Levels')}>
        <Row>
          <NumberField
            editing={editing}
            path={['levels', 'high']}
            label={t(FROM_LABEL.high)}
            value={ruleset.levels.high}
          />
          <NumberField
            editing={editing}
            path={['levels', 'medium']}
            label={t(FROM_LABEL.medium)}
            value={ruleset.levels.medium}
          />
        </Row>
      </Section>
      <Section headingLevel={3} title={t('Spend bands')}>
        <Stack spacing={1}>
          {ruleset.spendBands.map((band, i) => (
            <Row key={i}>
              <TextField
                size="small"
                label={t('Band {{n}} label', { n: i + 1 })}
                value={band.label}
                onChange={(e) => editing.set(['spendBands', i, 'label'], e.target.value)}
              />
              <NumberField
                editing={editing}
                path={['spendBands', i, 'min']}
                label={t('Band {{n}} from', { n: i + 1 })}
                value={band.min}
              />
            </Row>
          ))}
        </Stack>
      </Section>
      {Object.entries(ruleset.products).map(([product, scoring]) => (
        <Section key={product} headingLevel={3} title={productName(product)}>
          <Stack spacing={1}>
            {scoring.gates.length > 0 && (
              <Typography variant="body2">
                {t('Scores 0 unless {{conditions}} (edit gates in the JSON view).', {
                  conditions: scoring.gates
                    .map((c) => scoringConditionText(t, c))
                    .join(` ${t('and')} `),
                })}
              </Typography>
            )}
            <Row>
              <NumberField
                editing={editing}
                path={['products', product, 'base']}
                label={t('{{product}} base score', { product: productName(product) })}
                value={scoring.base}
              />
              {scoring.factors.map((factor, i) => (
                <NumberField
                  key={factor.id}
                  editing={editing}
                  path={['products', product, 'factors', i, 'points']}
                  // A shipped factor's description is a key; one an admin typed is no key and stays.
                  label={`${productName(product)}: ${t(factor.description)}`}
                  value={factor.points}
                />
              ))}
            </Row>
          </Stack>
        </Section>
      ))}
    </Stack>
  );
}

function ConfidenceFields({ editing }: { editing: Editing<ConfidenceRuleset> }) {
  const t = useT();
  const { ruleset } = editing;
  const matchedFromError = editing.errors.get('body.ruleset.matchedFrom');
  return (
    <Stack spacing={2}>
      <Row>
        <TextField
          select
          size="small"
          label={t('Matched from')}
          value={ruleset.matchedFrom}
          onChange={(e) => editing.set(['matchedFrom'], e.target.value)}
          error={Boolean(matchedFromError)}
          helperText={matchedFromError}
        >
          {['Low', 'Medium', 'High'].map((l) => (
            <MenuItem key={l} value={l}>
              {l}
            </MenuItem>
          ))}
        </TextField>
      </Row>
      {ruleset.method === 'model' ? (
        <>
          <Section headingLevel={3} title={t('Level cut-offs (match weight)')}>
            <Row>
              {(['high', 'medium', 'low'] as const).map((level) => (
                <NumberField
                  key={level}
                  editing={editing}
                  path={['model', 'thresholds', level]}
                  label={t(FROM_LABEL[level])}
                  value={ruleset.model.thresholds[level]}
                />
              ))}
              <NumberField
                editing={editing}
                path={['model', 'priorMatchProbability']}
                label={t('Prior match probability')}
                value={ruleset.model.priorMatchProbability}
              />
            </Row>
          </Section>
          <Typography variant="body2">
            {t(
              'The fitted weights (m and u of each comparison) are estimated from the data and shown here; they are not edited by hand.',
            )}
          </Typography>
          <MatchModelTables matchedFrom={ruleset.matchedFrom} model={ruleset.model} />
        </>
      ) : (
        <>
          <Section headingLevel={3} title={t('Candidate ranking weights')}>
            <Row>
              {(Object.keys(ruleset.weights) as (keyof typeof ruleset.weights)[]).map((w) => (
                <NumberField
                  key={w}
                  editing={editing}
                  path={['weights', w]}
                  label={t('{{name}} weight', { name: w })}
                  value={ruleset.weights[w]}
                />
              ))}
            </Row>
          </Section>
          <Section headingLevel={3} title={t('Rules (first that holds decides)')}>
            <Stack spacing={1}>
              {ruleset.rules.map((rule, i) => (
                <Row key={rule.id}>
                  <TextField
                    select
                    size="small"
                    label={t('Level of {{rule}}', { rule: rule.id })}
                    value={rule.level}
                    onChange={(e) => editing.set(['rules', i, 'level'], e.target.value)}
                  >
                    {['High', 'Medium', 'Low', 'None'].map((l) => (
                      <MenuItem key={l} value={l}>
                        {l}
                      </MenuItem>
                    ))}
                  </TextField>
                  <Typography variant="body2">
                    {t(rule.description)}:{' '}
                    {rule.conditions.map((c) => confidenceConditionText(t, c)).join('; ')}
                  </Typography>
                </Row>
              ))}
            </Stack>
          </Section>
        </>
      )}
      <Section headingLevel={3} title={t('Blocking limits')}>
        <Row>
          {(
            [
              ['maxTokenFrequency', t('Most merchants sharing a name token')],
              ['maxTokenPairFrequency', t('Most merchants sharing a token pair')],
              ['maxBlockSize', t('Largest block compared')],
              ['maxCandidatesPerSupplier', t('Candidates kept per supplier')],
            ] as const
          ).map(([key, label]) => (
            <NumberField
              key={key}
              editing={editing}
              path={['blocking', key]}
              label={label}
              value={ruleset.blocking[key]}
            />
          ))}
        </Row>
      </Section>
    </Stack>
  );
}

/**
 * The draft editor: a form for what people tune (levels, cut-offs, points, weights) and a JSON
 * view of the whole ruleset. Saving sends both through the server's validation; its 400 names
 * the field, shown at the field when the form has it and listed above otherwise.
 */
export function RulesetDraftForm<R extends ConfidenceRuleset | ScoringRuleset>({
  initial,
  name: initialName,
  description: initialDescription,
  onSave,
}: {
  initial: R;
  name: string;
  description: string;
  onSave: (input: DraftInput<R>) => Promise<unknown>;
}) {
  const t = useT();
  const [ruleset, setRuleset] = useState<R>(initial);
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [view, setView] = useState<'form' | 'json'>('form');
  const [json, setJson] = useState('');
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  // Keyed by the server's full field path (`body.ruleset.…`), in the UI's language.
  const errors: FieldErrors = new Map(
    failure instanceof ApiError
      ? (failure.fieldErrors ?? []).map((e) => [e.field, translateServerMessage(e.message)])
      : [],
  );
  const editing: Editing<R> = {
    ruleset,
    errors,
    set: (path, value) => {
      setSaved(false);
      setRuleset((r) => setAt(r, path, value));
    },
  };

  /** The ruleset the JSON view holds, or null (with the reason shown) when it does not parse. */
  function fromJson(): R | null {
    try {
      const parsed = JSON.parse(json) as R;
      setJsonError(null);
      return parsed;
    } catch (error) {
      setJsonError(t('The JSON is not valid: {{reason}}', { reason: (error as Error).message }));
      return null;
    }
  }

  function switchView(next: 'form' | 'json') {
    if (next === view) return;
    if (next === 'json') {
      setJson(JSON.stringify(ruleset, null, 2));
      setJsonError(null);
      setView('json');
      return;
    }
    const parsed = fromJson();
    if (parsed) {
      setRuleset(parsed);
      setView('form');
    }
  }

  async function save() {
    const current = view === 'json' ? fromJson() : ruleset;
    if (!current) return;
    if (view === 'json') setRuleset(current);
    setFailure(null);
    setSaved(false);
    try {
      await onSave({ name, description, ruleset: current });
      setSaved(true);
    } catch (error) {
      setFailure(error);
    }
  }

  const nameError = errors.get('body.name');
  return (
    <Stack
      spacing={2}
      component="form"
      aria-label={t('Draft editor')}
      onSubmit={(e) => e.preventDefault()}
    >
      {failure !== null && (
        <Alert severity="error">
          {errorMessageOf(failure)}
          {errors.size > 1 && (
            <ul>
              {[...errors].map(([field, message]) => (
                <li key={field}>
                  {field}: {message}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {saved && <Alert severity="success">{t('Draft saved.')}</Alert>}
      <Row>
        <TextField
          size="small"
          label={t('Name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(nameError)}
          helperText={nameError}
        />
        <TextField
          size="small"
          label={t('Description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          fullWidth
        />
      </Row>
      <Tabs
        value={view}
        onChange={(_e, v: 'form' | 'json') => switchView(v)}
        aria-label={t('Editor view')}
      >
        <Tab value="form" label={t('Form')} />
        <Tab value="json" label={t('JSON')} />
      </Tabs>
      {view === 'form' ? (
        initial.kind === 'scoring' ? (
          <ScoringFields editing={editing as unknown as Editing<ScoringRuleset>} />
        ) : (
          <ConfidenceFields editing={editing as unknown as Editing<ConfidenceRuleset>} />
        )
      ) : (
        <TextField
          label={t('Ruleset JSON')}
          multiline
          minRows={16}
          value={json}
          onChange={(e) => setJson(e.target.value)}
          error={Boolean(jsonError)}
          helperText={jsonError}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      )}
      <div>
        <AsyncButton variant="contained" onClick={save}>
          {t('Save draft')}
        </AsyncButton>
      </div>
    </Stack>
  );
}
