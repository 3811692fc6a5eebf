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
  const versions = useRulesetVersions(kind);
  if (versions.isError) return <Alert severity="error">{errorMessageOf(versions.error)}</Alert>;
  if (!versions.data) return <LinearProgress aria-label="Loading the versions" />;
  return (
    <Section headingLevel={3} title="Versions">
      <SimpleTable
        label="Ruleset versions"
        head={['Version', 'Name', 'Description', 'Created', 'State']}
        rows={versions.data.map((v: VersionSummary) => [
          <Link
            key="link"
            component={RouterLink}
            to={`${BASE}/${kind}-rulesets/${v.versionNumber}`}
            aria-current={v.versionNumber === selected ? 'page' : undefined}
          >
            Version {v.versionNumber}
          </Link>,
          v.name,
          v.description,
          `${formatDateTime(v.createdAt)}${v.createdBy ? ` by ${v.createdBy}` : ''}`,
          v.isActive ? (
            <Chip key="active" size="small" color="success" label="Active" />
          ) : v.isDraft ? (
            <Chip key="draft" size="small" label="Draft" />
          ) : (
            ''
          ),
        ])}
      />
    </Section>
  );
}

function Heading({ version }: { version: VersionSummary }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="h5" component="h2">
        Version {version.versionNumber}: {version.name}
      </Typography>
      {version.isActive && <Chip size="small" color="success" label="Active" />}
      {version.isDraft && <Chip size="small" label="Draft" />}
    </Stack>
  );
}

function ConfidenceRules({ version }: { version: ConfidenceVersion }) {
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
            Suppliers count as MATCHED from confidence <strong>{ruleset.matchedFrom}</strong> up.
            The first rule that holds decides the level; None rules are vetoes.
          </Typography>
          <Section headingLevel={3} title="Rules">
            <SimpleTable
              label="Confidence rules"
              head={['#', 'Rule', 'Level', 'Description', 'When all of']}
              rows={ruleset.rules.map((rule, index) => [
                index + 1,
                rule.id,
                rule.level,
                rule.description,
                rule.conditions.map(confidenceConditionText).join('; '),
              ])}
            />
          </Section>
          <Section headingLevel={3} title="Candidate ranking weights">
            <SimpleTable
              label="Ranking weights"
              head={['Evidence', 'Weight']}
              rows={Object.entries(ruleset.weights).map(([name, weight]) => [name, weight])}
            />
          </Section>
        </>
      )}
      <Section headingLevel={3} title="Blocking limits">
        <SimpleTable
          label="Blocking limits"
          head={['Limit', 'Value']}
          rows={[
            ['Most merchants sharing a name token', ruleset.blocking.maxTokenFrequency],
            ['Most merchants sharing a token pair', ruleset.blocking.maxTokenPairFrequency],
            ['Largest block compared', ruleset.blocking.maxBlockSize],
            ['Candidates kept per supplier', ruleset.blocking.maxCandidatesPerSupplier],
          ]}
        />
      </Section>
    </Stack>
  );
}

function ScoringRules({ version }: { version: ScoringVersion }) {
  const { ruleset } = version;
  return (
    <Stack spacing={2}>
      <Heading version={version} />
      {version.description && <Typography>{version.description}</Typography>}
      <Typography>
        Levels: High from {ruleset.levels.high}, Medium from {ruleset.levels.medium}, Low above 0,
        None at 0. Optima:{' '}
        {ruleset.optima.method === 'max'
          ? 'the best product score'
          : `a weighted mix (${Object.entries(ruleset.optima.weights)
              .map(([p, w]) => `${productName(p)} ${w}`)
              .join(', ')})`}
        .
      </Typography>
      <Section headingLevel={3} title="Spend bands">
        <SimpleTable
          label="Spend bands"
          head={['Band', 'From']}
          rows={ruleset.spendBands.map((band) => [band.label, band.min.toLocaleString()])}
        />
      </Section>
      {Object.entries(ruleset.products).map(([product, scoring]) => (
        <Section key={product} title={productName(product)}>
          <Typography variant="body2" gutterBottom>
            Base score {scoring.base}
            {scoring.gates.length > 0 &&
              `; scores 0 unless ${scoring.gates.map(scoringConditionText).join(' and ')}`}
          </Typography>
          <SimpleTable
            label={`${productName(product)} factors`}
            head={['Factor', 'Description', 'When', 'Points']}
            rows={scoring.factors.map((factor) => [
              factor.id,
              factor.description,
              factor.when.map(scoringConditionText).join('; '),
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
  return (
    <Section headingLevel={3} title="Compare versions">
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label="Compare with version"
          value={compare ?? ''}
          onChange={(e) =>
            setSearch(e.target.value ? { compare: String(e.target.value) } : {}, { replace: true })
          }
        >
          {(versions.data ?? [])
            .filter((v) => v.versionNumber !== version.versionNumber)
            .map((v) => (
              <MenuItem key={v.versionNumber} value={v.versionNumber}>
                Version {v.versionNumber}: {v.name}
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
            Create draft from this version
          </AsyncButton>
          {version.isDraft && (
            <>
              <AsyncButton
                variant="contained"
                onClick={() => activate.mutateAsync(version.versionNumber)}
                onError={() => undefined}
              >
                Activate
              </AsyncButton>
              <AsyncButton
                color="error"
                onClick={async () => {
                  await discard.mutateAsync(version.versionNumber);
                  await navigate(`${BASE}/${kind}-rulesets`);
                }}
                onError={() => undefined}
              >
                Discard draft
              </AsyncButton>
            </>
          )}
        </Stack>
      )}
      {failure && <Alert severity="error">{errorMessageOf(failure)}</Alert>}
      {activate.isSuccess && (
        <Alert severity="success" role="status">
          Version {version.versionNumber} is now the active {kind} ruleset.
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
  const lock = useEntityLock('ruleset', `${kind}-${version.versionNumber}`);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        Draft version {version.versionNumber}
        {version.basedOnVersion !== null ? ` (from version ${version.basedOnVersion})` : ''}
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
        <LinearProgress aria-label="Loading the ruleset" />
      )}
      <Versions kind="confidence" selected={ruleset.data?.versionNumber} />
    </Stack>
  );
}

/** /admin/analysis-admin/scoring-rulesets[/:versionNumber]: a version, or a draft to edit. */
export function ScoringRulesetsPage() {
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
        <LinearProgress aria-label="Loading the ruleset" />
      )}
      <Versions kind="scoring" selected={ruleset.data?.versionNumber} />
    </Stack>
  );
}
