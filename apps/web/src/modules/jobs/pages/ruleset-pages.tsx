import {
  type ConfidenceRulesetVersionSchema,
  type RulesetVersionSummarySchema,
  type ScoringRulesetVersionSchema,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { z } from 'zod';
import { errorMessageOf } from '../../../lib/api-error';
import { useConfidenceRuleset } from '../api/get-confidence-ruleset';
import { useRulesetVersions } from '../api/list-ruleset-versions';
import { useScoringRuleset } from '../api/get-scoring-ruleset';
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
        head={['Version', 'Name', 'Description', 'Created', '']}
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
          v.isActive ? <Chip key="active" size="small" color="success" label="Active" /> : '',
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

/** /admin/analysis-admin/confidence-rulesets[/:versionNumber]: read-only. */
export function ConfidenceRulesetsPage() {
  const version = useSelectedVersion();
  const ruleset = useConfidenceRuleset(version);
  return (
    <Stack spacing={3}>
      {ruleset.isError ? (
        <Alert severity="error">{errorMessageOf(ruleset.error)}</Alert>
      ) : ruleset.data ? (
        <ConfidenceRules version={ruleset.data} />
      ) : (
        <LinearProgress aria-label="Loading the ruleset" />
      )}
      <Versions kind="confidence" selected={ruleset.data?.versionNumber} />
    </Stack>
  );
}

/** /admin/analysis-admin/scoring-rulesets[/:versionNumber]: read-only. */
export function ScoringRulesetsPage() {
  const version = useSelectedVersion();
  const ruleset = useScoringRuleset(version);
  return (
    <Stack spacing={3}>
      {ruleset.isError ? (
        <Alert severity="error">{errorMessageOf(ruleset.error)}</Alert>
      ) : ruleset.data ? (
        <ScoringRules version={ruleset.data} />
      ) : (
        <LinearProgress aria-label="Loading the ruleset" />
      )}
      <Versions kind="scoring" selected={ruleset.data?.versionNumber} />
    </Stack>
  );
}
