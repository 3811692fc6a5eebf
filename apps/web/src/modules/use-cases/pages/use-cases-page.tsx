import { EntityLockBar } from '../../../components/feedback/entity-lock-bar';
import { useEntityLock } from '../../admin/api/use-entity-lock';
import type { JobDetails, UseCase, UseCaseInput } from '@b2b/contract';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { useCopyJobUseCase } from '../api/copy-job-use-case';
import { useCreateJobUseCase } from '../api/create-job-use-case';
import { useDeleteJobUseCase } from '../api/delete-job-use-case';
import { useJobUseCases } from '../api/list-job-use-cases';
import { useUpdateJobUseCase } from '../api/update-job-use-case';
import { formatMoney, productName } from '../components/format';
import { RiskChip } from '../components/risk-chip';
import { TemplateGallery } from '../components/template-gallery';
import { UseCaseDialog, type FilterPicker } from '../components/use-case-dialog';
import { useT } from '../../../lib/i18n';

const inputOf = (u: UseCase): UseCaseInput => ({
  name: u.name,
  description: u.description,
  cardProduct: u.cardProduct,
  recommendedAction: u.recommendedAction,
  rule: u.rule,
  templateKey: u.templateKey,
});

type Editing = { mode: 'create'; input: UseCaseInput } | { mode: 'edit'; useCase: UseCase };

/**
 * /jobs/:jobId/use-cases (Job Campaigns): the job's use cases with their suppliers, spend,
 * estimated value and risk; new ones from the template gallery or blank; edit, copy and delete
 * (edit and delete are the creator's). A job starts with none: the user picks the targets.
 */
export function UseCasesPage({
  job,
  filterPicker,
}: {
  job: JobDetails;
  filterPicker?: FilterPicker;
}) {
  const t = useT();
  const list = useJobUseCases(job.id);
  const create = useCreateJobUseCase(job.id);
  const update = useUpdateJobUseCase(job.id);
  const copy = useCopyJobUseCase(job.id);
  const remove = useDeleteJobUseCase(job.id);
  const notify = useNotify();
  const mayCreate = useCan('CampaignCreate');
  const mayUpdate = useCan('CampaignUpdate');
  const [choosing, setChoosing] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<UseCase | null>(null);

  if (list.isError) return <Alert severity="error">{errorMessageOf(list.error)}</Alert>;
  if (!list.data) return <LinearProgress aria-label={t('Loading the use cases')} />;
  const { useCases, currency } = list.data;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2">
          {t(
            'Named groups of this job’s suppliers to enrol on a card product. Figures follow the job’s current results.',
          )}
        </Typography>
        {mayCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setChoosing(true)}>
            {t('New use case')}
          </Button>
        )}
      </Stack>
      {useCases.length === 0 ? (
        <Alert severity="info">
          {mayCreate
            ? t('No use cases yet. Start from a template (one per card product) or a blank rule.')
            : t('No use cases yet. A campaign manager creates them.')}
        </Alert>
      ) : (
        <Table aria-label={t('Use cases')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Use case')}</TableCell>
              <TableCell>{t('Card product')}</TableCell>
              <TableCell align="right">{t('Suppliers')}</TableCell>
              <TableCell align="right">{t('Spend')}</TableCell>
              <TableCell align="right">{t('Estimated value')}</TableCell>
              <TableCell>{t('Risk')}</TableCell>
              <TableCell>{t('Actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {useCases.map((u) => (
              <TableRow key={u.id}>
                <TableCell>
                  <Link component={RouterLink} to={`/jobs/${job.id}/use-cases/${u.id}`}>
                    {u.name}
                  </Link>
                  {u.recommendedAction && (
                    <Typography variant="note" component="div">
                      {u.recommendedAction}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{productName(u.cardProduct)}</TableCell>
                <TableCell align="right">{u.figures.suppliers.toLocaleString()}</TableCell>
                <TableCell align="right">{formatMoney(u.figures.spend, currency)}</TableCell>
                <TableCell align="right">{formatMoney(u.figures.value.total, currency)}</TableCell>
                <TableCell>
                  <RiskChip risk={u.figures.risk} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    {u.canChange && mayUpdate && (
                      <Button size="small" onClick={() => setEditing({ mode: 'edit', useCase: u })}>
                        {t('Edit')}
                      </Button>
                    )}
                    {mayCreate && (
                      <AsyncButton
                        size="small"
                        aria-label={t('Copy {{name}}', { name: u.name })}
                        onClick={async () => {
                          await copy.mutateAsync(u.id);
                          notify.success(t('Copied “{{name}}”.', { name: u.name }));
                        }}
                        onError={(error) => notify.error(error, { operation: t('Copy use case') })}
                      >
                        {t('Copy')}
                      </AsyncButton>
                    )}
                    {u.canChange && mayUpdate && (
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('Delete {{name}}', { name: u.name })}
                        onClick={() => setDeleting(u)}
                      >
                        {t('Delete')}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {choosing && (
        <TemplateGallery
          onClose={() => setChoosing(false)}
          onChoose={(input) => {
            setChoosing(false);
            setEditing({ mode: 'create', input });
          }}
        />
      )}
      {editing?.mode === 'create' && (
        <UseCaseDialog
          title={t('New use case')}
          initial={editing.input}
          filterPicker={filterPicker}
          onClose={() => setEditing(null)}
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            notify.success(t('Saved “{{name}}”.', { name: input.name }));
          }}
        />
      )}
      {editing?.mode === 'edit' && (
        <EditUnderLock useCaseId={editing.useCase.id} onClose={() => setEditing(null)}>
          <UseCaseDialog
            title={t('Edit {{name}}', { name: editing.useCase.name })}
            initial={inputOf(editing.useCase)}
            filterPicker={filterPicker}
            onClose={() => setEditing(null)}
            onSubmit={async (input) => {
              await update.mutateAsync({ useCaseId: editing.useCase.id, body: input });
              notify.success(t('Saved “{{name}}”.', { name: input.name }));
            }}
          />
        </EditUnderLock>
      )}
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)} aria-labelledby="delete-use-case-title">
          <DialogTitle id="delete-use-case-title">{t('Delete use case')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t('Delete “{{name}}”? Its suppliers stay in the job; only the use case goes.', {
                name: deleting.name,
              })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>{t('No')}</Button>
            <AsyncButton
              color="error"
              variant="contained"
              onClick={async () => {
                await remove.mutateAsync(deleting.id);
                notify.success(t('Deleted “{{name}}”.', { name: deleting.name }));
                setDeleting(null);
              }}
              onError={(error) => notify.error(error, { operation: t('Delete use case') })}
            >
              {t('Yes')}
            </AsyncButton>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

/**
 * A use case is edited under its entity write lock (SPEC §9 heartbeat): while someone else
 * edits it, the dialog says who instead of opening the form.
 */
function EditUnderLock({
  useCaseId,
  onClose,
  children,
}: {
  useCaseId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const lock = useEntityLock('use-case', useCaseId);
  if (!lock.readOnly) return <>{children}</>;
  return (
    <Dialog open onClose={onClose} aria-labelledby="use-case-locked-title">
      <DialogTitle id="use-case-locked-title">{t('Use case being edited')}</DialogTitle>
      <DialogContent>
        <EntityLockBar lock={lock} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
