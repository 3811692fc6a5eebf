import {
  type ConfidenceRulesetVersionSchema,
  type RulesetVersionSummarySchema,
  type ScoringRulesetVersionSchema,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { AsyncButton } from '../../../components/forms';
import { useCan } from '../../../lib/permissions/use-can';
import { useActivateRuleset } from '../api/activate-ruleset';
import { useCreateRulesetDraft } from '../api/create-ruleset-draft';
import { useDeleteRulesetDraft } from '../api/delete-ruleset-draft';
import { confidenceRulesetQueryOptions, useConfidenceRuleset } from '../api/get-confidence-ruleset';
import { useSaveConfidenceDraft, useSaveScoringDraft } from '../api/save-ruleset-draft';
import { RulesetDiff } from '../components/ruleset-diff';
import { RulesetDraftForm } from '../components/ruleset-draft-form';
import { EntityLockBar } from '../../../components/feedback/entity-lock-bar';
import { useEntityLock } from '../../admin/api/use-entity-lock';
import { RulesetDryRunPanel } from '../components/ruleset-dry-run';
import { RulesetRerunPanel } from '../components/ruleset-rerun';
import { useRulesetVersions } from '../api/list-ruleset-versions';
import { scoringRulesetQueryOptions, useScoringRuleset } from '../api/get-scoring-ruleset';
import type { RulesetKind } from '../api/jobs-query-keys';
import { formatDateTime } from '../components/format';
import {
  confidenceConditionText,
  productName,
  scoringConditionText,
} from '../components/ruleset-text';
import { Section } from '../../../components/layout/section';
import { MatchModelTables } from '../components/match-model-tables';
import { SimpleTable } from '../components/simple-table';

type VersionSummary = z.infer<typeof RulesetVersionSummarySchema>;
type ConfidenceVersion = z.infer<typeof ConfidenceRulesetVersionSchema>;
type ScoringVersion = z.infer<typeof ScoringRulesetVersionSchema>;

const BASE = '/admin/analysis-admin';

function Versions({ kind, selected }: { kind: RulesetKind; selected: number | undefined }) {
  const t = useT();
  const versions = useRulesetVersions(kind);
  if (versions.isError) return <Alert severity="error">{errorMessageOf(versions.error)}</Alert>;
  if (!versions.data) return <LinearProgress aria-label={t('Loading the versions')} />;
  return (
    <Section headingLevel={3} title={t('Versions')}>
      <SimpleTable
        label={t('Ruleset versions')}
        head={[t('Version'), t('Name'), t('Description'), t('Created'), t('State')]}
        rows={versions.data.map((v: VersionSummary) => [
          <Link
            key="link"
            component={RouterLink}
            to={`${BASE}/${kind}-rulesets/${v.versionNumber}`}
            aria-current={v.versionNumber === selected ? 'page' : undefined}
          >
            {t('Version {{version}}', { version: v.versionNumber })}
          </Link>,
          v.name,
          v.description,
          v.createdBy
            ? t('{{time}} by {{user}}', { time: formatDateTime(v.createdAt), user: v.createdBy })
            : formatDateTime(v.createdAt),
          v.isActive ? (
            <Chip key="active" size="small" color="success" label={t('Active')} />
          ) : v.isDraft ? (
            <Chip key="draft" size="small" label={t('Draft')} />
          ) : (
            ''
          ),
        ])}
      />
    </Section>
  );
}

function Heading({ version }: { version: VersionSummary }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="h5" component="h2">
        {t('Version {{version}}: {{name}}', {
          version: version.versionNumber,
          name: version.name,
        })}
      </Typography>
      {version.isActive && <Chip size="small" color="success" label={t('Active')} />}
      {version.isDraft && <Chip size="small" label={t('Draft')} />}
    </Stack>
  );
}

function ConfidenceRules({ version }: { version: ConfidenceVersion }) {
  const t = useT();
  const { ruleset } = version;
  return (
    <Stack spacing={2}>
      <Heading version={version} />
      {version.description && <Typography>{version.description}</Typography>}
      {ruleset.method === 'model' ? (
        <MatchModelTables matchedFrom={ruleset.matchedFrom} model={ruleset.model} />
      ) : (
        <>
          <Typography>
            {t('Suppliers count as MATCHED from confidence {{level}} up.', {
              level: ruleset.matchedFrom,
            })}{' '}
            {t('The first rule that holds decides the level; None rules are vetoes.')}
          </Typography>
          <Section headingLevel={3} title={t('Rules')}>
            <SimpleTable
              label={t('Confidence rules')}
              head={['#', t('Rule'), t('Level'), t('Description'), t('When all of')]}
              rows={ruleset.rules.map((rule, index) => [
                index + 1,
                rule.id,
                rule.level,
                rule.description,
                rule.conditions.map((c) => confidenceConditionText(t, c)).join('; '),
              ])}
            />
          </Section>
          <Section headingLevel={3} title={t('Candidate ranking weights')}>
            <SimpleTable
              label={t('Ranking weights')}
              head={[t('Evidence'), t('Weight')]}
              rows={Object.entries(ruleset.weights).map(([name, weight]) => [name, weight])}
            />
          </Section>
        </>
      )}
      <Section headingLevel={3} title={t('Blocking limits')}>
        <SimpleTable
          label={t('Blocking limits')}
          head={[t('Limit'), t('Value')]}
          rows={[
            [t('Most merchants sharing a name token'), ruleset.blocking.maxTokenFrequency],
            [t('Most merchants sharing a token pair'), ruleset.blocking.maxTokenPairFrequency],
            [t('Largest block compared'), ruleset.blocking.maxBlockSize],
            [t('Candidates kept per supplier'), ruleset.blocking.maxCandidatesPerSupplier],
          ]}
        />
      </Section>
    </Stack>
  );
}

function ScoringRules({ version }: { version: ScoringVersion }) {
  const t = useT();
  const { ruleset } = version;
  const levels = { high: ruleset.levels.high, medium: ruleset.levels.medium };
  return (
    <Stack spacing={2}>
      <Heading version={version} />
      {version.description && <Typography>{version.description}</Typography>}
      <Typography>
        {ruleset.optima.method === 'max'
          ? t(
              'Levels: High from {{high}}, Medium from {{medium}}, Low above 0, None at 0. Optima: the best product score.',
              levels,
            )
          : t(
              'Levels: High from {{high}}, Medium from {{medium}}, Low above 0, None at 0. Optima: a weighted mix ({{weights}}).',
              {
                ...levels,
                weights: Object.entries(ruleset.optima.weights)
                  .map(([p, w]) => `${productName(p)} ${w}`)
                  .join(', '),
              },
            )}
      </Typography>
      <Section headingLevel={3} title={t('Spend bands')}>
        <SimpleTable
          label={t('Spend bands')}
          head={[t('Band'), t('From')]}
          rows={ruleset.spendBands.map((band) => [band.label, band.min.toLocaleString()])}
        />
      </Section>
      {Object.entries(ruleset.products).map(([product, scoring]) => (
        <Section key={product} title={productName(product)}>
          <Typography variant="body2" gutterBottom>
            {scoring.gates.length > 0
              ? t('Base score {{base}}; scores 0 unless {{conditions}}', {
                  base: scoring.base,
                  conditions: scoring.gates
                    .map((c) => scoringConditionText(t, c))
                    .join(` ${t('and')} `),
                })
              : t('Base score {{base}}', { base: scoring.base })}
          </Typography>
          <SimpleTable
            label={t('{{product}} factors', { product: productName(product) })}
            head={[t('Factor'), t('Description'), t('When'), t('Points')]}
            rows={scoring.factors.map((factor) => [
              factor.id,
              factor.description,
              factor.when.map((c) => scoringConditionText(t, c)).join('; '),
              factor.points > 0 ? `+${factor.points}` : factor.points,
            ])}
          />
        </Section>
      ))}
    </Stack>
  );
}

/** The version in the path, or the active one. */
function useSelectedVersion(): number | 'active' {
  const { versionNumber } = useParams();
  const n = Number(versionNumber);
  return versionNumber && Number.isInteger(n) && n > 0 ? n : 'active';
}

const EDIT_PERMISSION = {
  confidence: ['Analysis_Admin_Confidence_VIEW', 'AnalysisAdmin'],
  scoring: ['Analysis_Admin_Scoring_VIEW', 'AnalysisAdmin'],
} as const;

/** Another version of the same kind, for the side-by-side comparison. */
function useOtherVersion(kind: RulesetKind, versionNumber: number | null) {
  const options =
    kind === 'confidence'
      ? confidenceRulesetQueryOptions(versionNumber ?? 'active')
      : scoringRulesetQueryOptions(versionNumber ?? 'active');
  return useQuery({
    ...(options as ReturnType<typeof scoringRulesetQueryOptions>),
    enabled: versionNumber !== null,
  });
}

function Compare({
  kind,
  version,
}: {
  kind: RulesetKind;
  version: VersionSummary & { ruleset: unknown };
}) {
  const [search, setSearch] = useSearchParams();
  const compare = Number(search.get('compare')) || null;
  const versions = useRulesetVersions(kind);
  const other = useOtherVersion(kind, compare);
  const t = useT();
  return (
    <Section headingLevel={3} title={t('Compare versions')}>
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label={t('Compare with version')}
          value={compare ?? ''}
          onChange={(e) =>
            setSearch(e.target.value ? { compare: String(e.target.value) } : {}, { replace: true })
          }
        >
          {(versions.data ?? [])
            .filter((v) => v.versionNumber !== version.versionNumber)
            .map((v) => (
              <MenuItem key={v.versionNumber} value={v.versionNumber}>
                {t('Version {{version}}: {{name}}', { version: v.versionNumber, name: v.name })}
              </MenuItem>
            ))}
        </TextField>
        {other.isError && <Alert severity="error">{errorMessageOf(other.error)}</Alert>}
        {compare !== null && other.data && <RulesetDiff left={other.data} right={version} />}
      </Stack>
    </Section>
  );
}

/**
 * One version with what an editor may do with it: a draft is edited, dry-run and activated or
 * discarded; any version can be copied into a new draft, dry-run, compared, and (once it is a
 * version) used to run chosen jobs again. Without AnalysisAdmin the page is read-only.
 */
function RulesetWorkspace({
  kind,
  version,
  view,
  editor,
}: {
  kind: RulesetKind;
  version: VersionSummary & { ruleset: unknown };
  view: ReactNode;
  editor: ReactNode;
}) {
  const t = useT();
  const canEdit = useCan(EDIT_PERMISSION[kind]);
  const navigate = useNavigate();
  const create = useCreateRulesetDraft(kind);
  const activate = useActivateRuleset(kind);
  const discard = useDeleteRulesetDraft(kind);
  const path = (n: number) => `${BASE}/${kind}-rulesets/${n}`;
  const failure = create.error ?? activate.error ?? discard.error;
  return (
    <Stack spacing={3}>
      {canEdit && (
        <Stack direction="row" spacing={2}>
          <AsyncButton
            variant="outlined"
            onClick={async () => {
              const draft = await create.mutateAsync(version.versionNumber);
              await navigate(path(draft.versionNumber));
            }}
            onError={() => undefined}
          >
            {t('Create draft from this version')}
          </AsyncButton>
          {version.isDraft && (
            <>
              <AsyncButton
                variant="contained"
                onClick={() => activate.mutateAsync(version.versionNumber)}
                onError={() => undefined}
              >
                {t('Activate')}
              </AsyncButton>
              <AsyncButton
                color="error"
                onClick={async () => {
                  await discard.mutateAsync(version.versionNumber);
                  await navigate(`${BASE}/${kind}-rulesets`);
                }}
                onError={() => undefined}
              >
                {t('Discard draft')}
              </AsyncButton>
            </>
          )}
        </Stack>
      )}
      {failure && <Alert severity="error">{errorMessageOf(failure)}</Alert>}
      {activate.isSuccess && (
        <Alert severity="success" role="status">
          {kind === 'scoring'
            ? t('Version {{version}} is now the active scoring ruleset.', {
                version: version.versionNumber,
              })
            : t('Version {{version}} is now the active confidence ruleset.', {
                version: version.versionNumber,
              })}
        </Alert>
      )}
      {version.isDraft && canEdit ? (
        <DraftUnderLock kind={kind} version={version} view={view} editor={editor} />
      ) : (
        view
      )}
      {canEdit && <RulesetDryRunPanel kind={kind} versionNumber={version.versionNumber} />}
      {canEdit && !version.isDraft && (
        <RulesetRerunPanel kind={kind} versionNumber={version.versionNumber} />
      )}
      <Compare kind={kind} version={version} />
    </Stack>
  );
}

/**
 * A draft is edited under its entity write lock (SPEC §9 heartbeat): while another editor holds
 * it the draft shows read-only, with who is editing.
 */
function DraftUnderLock({
  kind,
  version,
  view,
  editor,
}: {
  kind: RulesetKind;
  version: VersionSummary;
  view: ReactNode;
  editor: ReactNode;
}) {
  const t = useT();
  const lock = useEntityLock('ruleset', `${kind}-${version.versionNumber}`);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {version.basedOnVersion !== null
          ? t('Draft version {{version}} (from version {{base}})', {
              version: version.versionNumber,
              base: version.basedOnVersion,
            })
          : t('Draft version {{version}}', { version: version.versionNumber })}
      </Typography>
      <EntityLockBar lock={lock} />
      {lock.readOnly ? view : editor}
    </Stack>
  );
}

function ConfidenceEditor({ version }: { version: ConfidenceVersion }) {
  const save = useSaveConfidenceDraft(version.versionNumber);
  return (
    <RulesetDraftForm
      key={`${version.versionNumber}`}
      initial={version.ruleset}
      name={version.name}
      description={version.description}
      onSave={(input) => save.mutateAsync(input)}
    />
  );
}

function ScoringEditor({ version }: { version: ScoringVersion }) {
  const save = useSaveScoringDraft(version.versionNumber);
  return (
    <RulesetDraftForm
      key={`${version.versionNumber}`}
      initial={version.ruleset}
      name={version.name}
      description={version.description}
      onSave={(input) => save.mutateAsync(input)}
    />
  );
}

/** /admin/analysis-admin/confidence-rulesets[/:versionNumber]: a version, or a draft to edit. */
export function ConfidenceRulesetsPage() {
  const t = useT();
  const version = useSelectedVersion();
  const ruleset = useConfidenceRuleset(version);
  return (
    <Stack spacing={3}>
      {ruleset.isError ? (
        <Alert severity="error">{errorMessageOf(ruleset.error)}</Alert>
      ) : ruleset.data ? (
        <RulesetWorkspace
          kind="confidence"
          version={ruleset.data}
          view={<ConfidenceRules version={ruleset.data} />}
          editor={<ConfidenceEditor version={ruleset.data} />}
        />
      ) : (
        <LinearProgress aria-label={t('Loading the ruleset')} />
      )}
      <Versions kind="confidence" selected={ruleset.data?.versionNumber} />
    </Stack>
  );
}

/** /admin/analysis-admin/scoring-rulesets[/:versionNumber]: a version, or a draft to edit. */
export function ScoringRulesetsPage() {
  const t = useT();
  const version = useSelectedVersion();
  const ruleset = useScoringRuleset(version);
  return (
    <Stack spacing={3}>
      {ruleset.isError ? (
        <Alert severity="error">{errorMessageOf(ruleset.error)}</Alert>
      ) : ruleset.data ? (
        <RulesetWorkspace
          kind="scoring"
          version={ruleset.data}
          view={<ScoringRules version={ruleset.data} />}
          editor={<ScoringEditor version={ruleset.data} />}
        />
      ) : (
        <LinearProgress aria-label={t('Loading the ruleset')} />
      )}
      <Versions kind="scoring" selected={ruleset.data?.versionNumber} />
    </Stack>
  );
}
