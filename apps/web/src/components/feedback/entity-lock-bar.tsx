import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActiveEntityUser, EntityLockStatus } from '@b2b/contract';
import { useNotify } from './notifications';
import { useT } from '../../lib/i18n';

/** An entity's write lock as its edit screen holds it (modules/admin/api/use-entity-lock). */
export type EntityLock = {
  status: EntityLockStatus | undefined;
  activeUsers: readonly ActiveEntityUser[];
  /** The user may see who else is viewing: the bar keeps a line for them from the start. */
  watchesViewers: boolean;
  /** The screen is taking the write lock and has no answer yet. */
  taking: boolean;
  isHolder: boolean;
  heldByOther: boolean;
  /** True while someone else holds the lock: the screen must not save. */
  readOnly: boolean;
  canTake: boolean;
  canForce: boolean;
  requestPending: boolean;
  denied: boolean;
  request: () => Promise<void>;
  force: () => Promise<void>;
  deny: () => Promise<void>;
};

/** A small chip's height: the viewers line is this tall before its names arrive. */
const VIEWERS_LINE_HEIGHT = 24;

const time = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleTimeString() : '');
const person = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ');

/** Who holds the entity's write lock, request / force / deny, and who else is viewing it. */
export function EntityLockBar({ lock }: { lock: EntityLock }) {
  const t = useT();
  const notify = useNotify();
  const s = lock.status;
  const run = (action: () => Promise<void>, operation: string, done: string) => () => {
    void action().then(
      () => notify.success(done),
      (e: unknown) => notify.error(e, { operation }),
    );
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="entity-lock-bar">
      {/* Each line holds its place while its answer loads, so the form below does not jump
          (and a click aimed at it does not land beside it) when the answer arrives. */}
      {lock.taking && <Alert severity="info">{t('Taking write access…')}</Alert>}
      {lock.isHolder && (
        <Alert severity="success">
          {t(
            'You have write access until {{time}}; others see your name and cannot save meanwhile.',
            { time: time(s?.activeUntilUtc) },
          )}
        </Alert>
      )}
      {lock.isHolder && s?.requesterUserId && (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={run(lock.deny, t('Deny write access'), t('Request denied'))}
            >
              {t('Deny')}
            </Button>
          }
        >
          {t(
            '{{person}} ({{email}}) asks for write access. It passes to them in 15 seconds unless you deny it.',
            {
              person: person(s.requesterFirstName, s.requesterLastName),
              email: s.requesterEmailAddress,
            },
          )}
        </Alert>
      )}
      {lock.heldByOther && s && (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              {lock.canTake && !lock.requestPending && (
                <Button
                  color="inherit"
                  size="small"
                  onClick={run(
                    lock.request,
                    t('Request write access'),
                    t('Write access requested'),
                  )}
                >
                  {t('Request write access')}
                </Button>
              )}
              {lock.canForce && (
                <Button
                  color="inherit"
                  size="small"
                  onClick={run(lock.force, t('Force write access'), t('You now have write access'))}
                >
                  {t('Force')}
                </Button>
              )}
            </Stack>
          }
        >
          {t('Read only: {{person}} ({{email}}) is editing until {{time}}.', {
            person: person(s.holderFirstName, s.holderLastName),
            email: s.emailAddress,
            time: time(s.activeUntilUtc),
          })}
          {lock.requestPending && ` ${t('Your request has been sent.')}`}
          {lock.denied && ` ${t('Your request was denied.')}`}
        </Alert>
      )}
      {lock.watchesViewers && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: VIEWERS_LINE_HEIGHT }}
          data-testid="entity-viewers"
        >
          {lock.activeUsers.length > 0 && (
            <Typography variant="note">{t('Viewing now:')}</Typography>
          )}
          {lock.activeUsers.map((u) => (
            <Chip
              key={u.userName}
              size="small"
              label={u.exclusiveWriteAccess ? `${u.userName} (editing)` : u.userName}
              color={u.exclusiveWriteAccess ? 'primary' : 'default'}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
