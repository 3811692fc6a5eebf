import {
  CAMPAIGN_EXCLUSION_REASONS,
  CAMPAIGN_WORKFLOW_ROUTES,
  CARD_PRODUCT_DISPLAY_ORDER,
  type CardProduct,
  type CampaignWorkflowRoute,
  type JobDetails,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf, fieldErrorsOf } from '../../../lib/api-error';
import { formatMoneyIn } from '../../../lib/number-format';
import { useJobUseCases } from '../../use-cases/api/list-job-use-cases';
import { useCreateCampaign } from '../api/create-campaign';
import { useCampaignTemplates } from '../api/list-campaign-templates';
import { useJobSupplierExclusions } from '../api/list-job-supplier-exclusions';
import { useCampaignSelectionPreview } from '../api/preview-campaign-selection';
import { EXCLUSION_REASON_LABELS, productName, routeLabel } from '../components/campaign-format';
import { useT } from '../../../lib/i18n';

/** "8, 12" → [8, 12]; null when a part is not a whole number. */
function parseDays(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const days = parts.map(Number);
  return days.every((d) => Number.isInteger(d)) ? days : null;
}

/**
 * How many suppliers the campaign would hold and how many each exclusion removes, from a dry
 * run of create's own selection on the server (nothing is written until "Create campaign").
 */
function SelectionPreview({
  jobId,
  request,
  declineDays,
}: {
  jobId: string;
  request: {
    route: CampaignWorkflowRoute;
    cardProduct: CardProduct;
    useCaseIds: string[];
    declinePeriodDays: number;
  } | null;
  declineDays: string;
}) {
  const t = useT();
  const preview = useCampaignSelectionPreview(jobId, request);
  if (!request)
    return (
      <Typography variant="body2">
        {t(
          'Choose use cases and a card product to see how many suppliers the campaign would hold.',
        )}
      </Typography>
    );
  if (preview.isError) return <Alert severity="error">{errorMessageOf(preview.error)}</Alert>;
  if (!preview.data) return <LinearProgress aria-label={t('Counting the selection')} />;
  const { selected, tracked, sendable, exclusionsByReason } = preview.data;
  const reasonLabel = (reason: (typeof CAMPAIGN_EXCLUSION_REASONS)[number]) =>
    reason === 'RecentlyDeclined'
      ? t('Declined within the last {{days}} days', { days: declineDays || '0' })
      : reason === 'NoContact'
        ? t('{{reason}}: tracked, not e-mailed', { reason: t(EXCLUSION_REASON_LABELS.NoContact) })
        : t(EXCLUSION_REASON_LABELS[reason]);
  const row = (label: string, value: number, strong = false) => (
    <TableRow key={label}>
      <TableCell component="th" scope="row">
        {strong ? <strong>{label}</strong> : label}
      </TableCell>
      <TableCell align="right">
        {strong ? <strong>{value.toLocaleString()}</strong> : value.toLocaleString()}
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" aria-label={t('Selection preview')} sx={{ maxWidth: 520 }}>
      <TableBody>
        {row(t('Suppliers of the chosen use cases'), selected)}
        {CAMPAIGN_EXCLUSION_REASONS.map((reason) =>
          row(reasonLabel(reason), exclusionsByReason[reason]),
        )}
        {row(t('Tracked in the campaign'), tracked, true)}
        {request.route !== 'IsVlbAutoEnrolled' &&
          request.route !== 'ExternalCampaign' &&
          row(t('Reached by e-mail'), sendable)}
      </TableBody>
    </Table>
  );
}

/**
 * /jobs/:jobId/campaign-workflows/:campaignWorkflowId/create — SPEC §2 names a campaign id in
 * the create route, but a campaign has no id before it exists. The segment is therefore where
 * the campaign starts from: `new` (the job's "New campaign" button) or a use case id (a use
 * case's "Create campaign"), which comes pre-selected. A campaign is created Pending: nothing is
 * sent until it is started from its page, where its suppliers and exclusions are listed first.
 */
export function CreateCampaignPage({ job }: { job: JobDetails }) {
  const t = useT();
  const { campaignWorkflowId = 'new' } = useParams();
  const navigate = useNavigate();
  const useCases = useJobUseCases(job.id);
  const buyerExclusions = useJobSupplierExclusions(job.id);
  const create = useCreateCampaign(job.id);

  const [chosen, setChosen] = useState<string[]>(
    campaignWorkflowId === 'new' ? [] : [campaignWorkflowId],
  );
  const [route, setRoute] = useState<CampaignWorkflowRoute>('Issuer');
  const [product, setProduct] = useState<CardProduct | ''>('');
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('en');
  const [templateId, setTemplateId] = useState('');
  const [followUps, setFollowUps] = useState('8, 12');
  const [closeDay, setCloseDay] = useState('14');
  const [declineDays, setDeclineDays] = useState('180');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const templates = useCampaignTemplates(
    job.id,
    route,
    /^[a-z]{2}$/.test(language) ? language : 'en',
  );

  if (useCases.isError) return <Alert severity="error">{errorMessageOf(useCases.error)}</Alert>;
  if (!useCases.data) return <LinearProgress aria-label={t('Loading the use cases')} />;
  const all = useCases.data.useCases;
  const selected = all.filter((u) => chosen.includes(u.id));
  const cardProduct: CardProduct | '' = product || selected[0]?.cardProduct || '';
  const serverErrors = fieldErrorsOf(create.error);
  const errors = { ...serverErrors, ...localErrors };
  const errorOf = (...fields: string[]) =>
    fields.map((f) => errors[f]).find((m) => m !== undefined);
  const generalError =
    create.isError && Object.keys(serverErrors).length === 0 ? errorMessageOf(create.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const followUpDays = parseDays(followUps);
    if (!followUpDays) problems['cadence.followUpDays'] = t('Follow-up days must be whole numbers');
    if (chosen.length === 0) problems['useCaseIds'] = t('Choose at least one use case');
    if (!cardProduct) problems['cardProduct'] = t('Choose a card product');
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0 || !followUpDays || !cardProduct) return;
    create.mutate(
      {
        name,
        route,
        cardProduct,
        language,
        useCaseIds: chosen,
        ...(templateId ? { templateId } : {}),
        cadence: { followUpDays, closeDay: Number(closeDay) },
        declinePeriodDays: Number(declineDays),
      },
      {
        onSuccess: (campaign) => void navigate(`/jobs/${job.id}/campaign-workflows/${campaign.id}`),
      },
    );
  };

  const spend = selected.reduce((sum, u) => sum + u.figures.spend, 0);
  const suppliers = selected.reduce((sum, u) => sum + u.figures.suppliers, 0);
  const selection = {
    count: selected.length,
    suppliers: suppliers.toLocaleString(),
    spend:
      formatMoneyIn(spend, useCases.data.currency) ??
      `${Math.round(spend).toLocaleString()} ${useCases.data.currency}`,
  };

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={submit} aria-label={t('New campaign')}>
      <Typography variant="h5" component="h2">
        {t('New campaign')}
      </Typography>
      {generalError && <Alert severity="error">{generalError}</Alert>}
      <Section title={t('Use cases')} headingLevel={3}>
        {all.length === 0 ? (
          <Alert severity="info">
            {t('This job has no use cases yet.')}{' '}
            <RouterLink to={`/jobs/${job.id}/use-cases`}>{t('Create one first')}</RouterLink>
          </Alert>
        ) : (
          <FormControl error={Boolean(errorOf('useCaseIds'))} component="fieldset">
            <FormLabel component="legend">{t('Suppliers of these use cases')}</FormLabel>
            <FormGroup>
              {all.map((u) => (
                <FormControlLabel
                  key={u.id}
                  label={`${u.name} · ${productName(u.cardProduct)} · ${t('{{count}} suppliers', {
                    count: u.figures.suppliers.toLocaleString(),
                  })}`}
                  control={
                    <Checkbox
                      checked={chosen.includes(u.id)}
                      onChange={(event) =>
                        setChosen((current) =>
                          event.target.checked
                            ? [...current, u.id]
                            : current.filter((id) => id !== u.id),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {errorOf('useCaseIds') && <FormHelperText>{errorOf('useCaseIds')}</FormHelperText>}
          </FormControl>
        )}
      </Section>
      <Section title={t('Campaign')} headingLevel={3}>
        <Stack spacing={2} sx={{ maxWidth: 520 }}>
          <TextField
            label={t('Name')}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errorOf('name'))}
            helperText={errorOf('name')}
          />
          <TextField
            select
            label={t('Route')}
            value={route}
            onChange={(event) => {
              setRoute(event.target.value as CampaignWorkflowRoute);
              setTemplateId('');
            }}
            error={Boolean(errorOf('route'))}
            helperText={
              errorOf('route') ??
              (route === 'IsVlbAutoEnrolled'
                ? t('Suppliers are auto-enrolled through the issuer’s virtual lockbox provider.')
                : route === 'ExternalCampaign'
                  ? t('Run elsewhere: outcomes are imported as a file.')
                  : undefined)
            }
          >
            {CAMPAIGN_WORKFLOW_ROUTES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(routeLabel(r))}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('Card product')}
            value={cardProduct}
            onChange={(event) => setProduct(event.target.value as CardProduct)}
            error={Boolean(errorOf('cardProduct'))}
            helperText={errorOf('cardProduct')}
          >
            {CARD_PRODUCT_DISPLAY_ORDER.map((p) => (
              <MenuItem key={p} value={p}>
                {productName(p)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('Language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value.trim().toLowerCase())}
            error={Boolean(errorOf('language'))}
            helperText={errorOf('language') ?? t('Two letters, e.g. en, fr, de')}
          />
          <TextField
            select
            label={t('Template')}
            value={templateId}
            onChange={(event) => setTemplateId(event.target.value)}
            error={Boolean(errorOf('templateId'))}
            helperText={errorOf('templateId')}
          >
            <MenuItem value="">{t('The shipped template of the route and language')}</MenuItem>
            {(templates.data ?? [])
              .filter((t) => t.id !== null)
              .map((t) => (
                <MenuItem key={t.id} value={t.id ?? ''}>
                  {t.name}
                </MenuItem>
              ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('Follow-up days')}
              value={followUps}
              onChange={(event) => setFollowUps(event.target.value)}
              error={Boolean(errorOf('cadence.followUpDays', 'cadence'))}
              helperText={
                errorOf('cadence.followUpDays', 'cadence') ??
                t('Days after the first e-mail (day 0)')
              }
            />
            <TextField
              label={t('Close on day')}
              type="number"
              value={closeDay}
              onChange={(event) => setCloseDay(event.target.value)}
              error={Boolean(errorOf('cadence.closeDay'))}
              helperText={errorOf('cadence.closeDay')}
            />
          </Stack>
          <TextField
            label={t('Exclude suppliers that declined within (days)')}
            type="number"
            value={declineDays}
            onChange={(event) => setDeclineDays(event.target.value)}
            error={Boolean(errorOf('declinePeriodDays'))}
            helperText={errorOf('declinePeriodDays')}
          />
        </Stack>
      </Section>
      <Section title={t('Selection and exclusions')} headingLevel={3}>
        <Typography variant="body2" aria-label={t('Selection')}>
          {selected.length === 0
            ? t('No use case chosen yet.')
            : selected.length === 1
              ? t(
                  '1 use case: up to {{suppliers}} suppliers, spend {{spend}} (a supplier in several use cases is contacted once).',
                  selection,
                )
              : t(
                  '{{count}} use cases: up to {{suppliers}} suppliers, spend {{spend}} (a supplier in several use cases is contacted once).',
                  selection,
                )}
        </Typography>
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('Left out, each listed with its reason on the campaign’s page before it is started:')}
        </Typography>
        <SelectionPreview
          jobId={job.id}
          request={
            chosen.length > 0 && cardProduct && /^\d+$/.test(declineDays)
              ? {
                  route,
                  cardProduct,
                  useCaseIds: chosen,
                  declinePeriodDays: Number(declineDays),
                }
              : null
          }
          declineDays={declineDays}
        />
        {buyerExclusions.data && buyerExclusions.data.length > 0 ? (
          <ul aria-label={t('Suppliers the buyer excluded')}>
            {buyerExclusions.data.map((x) => (
              <li key={x.supplierKey}>
                {x.supplierKey}: {t(EXCLUSION_REASON_LABELS[x.reason])}
                {x.note ? ` (${x.note})` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <Typography variant="body2">
            {t('The buyer has excluded no supplier of this job.')}
          </Typography>
        )}
      </Section>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('Create campaign')}
        </Button>
        <Button component={RouterLink} to={`/jobs/${job.id}/campaign-workflows`}>
          {t('Cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
