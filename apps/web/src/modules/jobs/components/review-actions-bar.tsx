import type { SupplierMatchDecisionItem, SupplierResult } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { useNotify } from '../../../components/feedback/notifications';
import { FormDialog } from '../../../components/forms';
import { useT } from '../../../lib/i18n';
import { useSupplierMatchDecisions } from '../api/decide-supplier-matches';

type Action = 'confirm' | 'reject';

/**
 * The decisions a reviewer takes on the chosen rows: confirming sends each row's best candidate
 * as shown, so nobody confirms a candidate they did not see; rejecting leaves them UNMATCHED.
 */
function decisionsFor(
  action: Action,
  rows: readonly SupplierResult[],
): SupplierMatchDecisionItem[] {
  return action === 'confirm'
    ? rows.flatMap((r) =>
        r.candidateMerchantId
          ? [
              {
                supplierKey: r.supplierKey,
                decision: 'merchant' as const,
                merchantId: r.candidateMerchantId,
              },
            ]
          : [],
      )
    : rows.map((r) => ({ supplierKey: r.supplierKey, decision: 'rejected' as const }));
}

/**
 * Confirm or reject the chosen suppliers' candidates at once, after a dialog naming how many
 * (SPEC §3 match decisions). The server records all or none; the job is then matched again.
 */
export function ReviewActionsBar({
  jobId,
  selected,
  onDecided,
}: {
  jobId: string;
  selected: readonly SupplierResult[];
  onDecided: () => void;
}) {
  const t = useT();
  const decide = useSupplierMatchDecisions(jobId);
  const notify = useNotify();
  const [action, setAction] = useState<Action | null>(null);
  const confirmable = decisionsFor('confirm', selected).length;
  const pending = action ? decisionsFor(action, selected) : [];
  const withoutCandidate = selected.length - confirmable;
  const n = pending.length;
  // Whole sentences, each with the verb its own count needs.
  const confirmDescription = [
    n === 1
      ? t('The best candidate shown becomes the match of 1 supplier.')
      : t('The best candidate shown becomes the match of {{count}} suppliers.', { count: n }),
    withoutCandidate === 1 && t('1 selected supplier has no candidate and is left as it is.'),
    withoutCandidate > 1 &&
      t('{{count}} selected suppliers have no candidate and are left as they are.', {
        count: withoutCandidate,
      }),
    t('The job is matched and scored again.'),
  ]
    .filter(Boolean)
    .join(' ');
  const rejectDescription = [
    n === 1
      ? t('1 supplier is marked as matching no merchant.')
      : t('{{count}} suppliers are marked as matching no merchant.', { count: n }),
    t('The job is matched and scored again.'),
  ].join(' ');
  return (
    <Stack
      direction="row"
      spacing={1}
      role="toolbar"
      aria-label={t('Match decisions')}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" aria-live="polite" sx={{ minWidth: '7rem' }}>
        {selected.length === 1
          ? t('1 supplier selected')
          : t('{{count}} suppliers selected', { count: selected.length })}
      </Typography>
      <Button variant="contained" disabled={confirmable === 0} onClick={() => setAction('confirm')}>
        {t('Confirm selected')}
      </Button>
      <Button
        variant="outlined"
        color="error"
        disabled={selected.length === 0}
        onClick={() => setAction('reject')}
      >
        {t('Reject selected')}
      </Button>
      <FormDialog
        open={action !== null}
        title={
          action === 'confirm'
            ? n === 1
              ? t('Confirm 1 candidate?')
              : t('Confirm {{count}} candidates?', { count: n })
            : n === 1
              ? t('Reject 1 match?')
              : t('Reject {{count}} matches?', { count: n })
        }
        description={action === 'confirm' ? confirmDescription : rejectDescription}
        fields={[]}
        schema={z.object({})}
        defaultValues={{}}
        submitLabel={action === 'confirm' ? t('Confirm') : t('Reject')}
        cancelLabel={t('Cancel')}
        onSubmit={async () => {
          const decided = (await decide.mutateAsync(pending)).decided;
          notify.success(
            action === 'confirm'
              ? decided === 1
                ? t('1 candidate confirmed')
                : t('{{count}} candidates confirmed', { count: decided })
              : decided === 1
                ? t('1 match rejected')
                : t('{{count}} matches rejected', { count: decided }),
          );
          onDecided();
        }}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}
