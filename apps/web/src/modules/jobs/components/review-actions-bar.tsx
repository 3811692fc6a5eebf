import type { SupplierMatchDecisionItem, SupplierResult } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { useNotify } from '../../../components/feedback/notifications';
import { FormDialog } from '../../../components/forms';
import { useSupplierMatchDecisions } from '../api/decide-supplier-matches';

type Action = 'confirm' | 'reject';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

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
  const decide = useSupplierMatchDecisions(jobId);
  const notify = useNotify();
  const [action, setAction] = useState<Action | null>(null);
  const confirmable = decisionsFor('confirm', selected).length;
  const pending = action ? decisionsFor(action, selected) : [];
  const withoutCandidate = selected.length - confirmable;
  return (
    <Stack
      direction="row"
      spacing={1}
      role="toolbar"
      aria-label="Match decisions"
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" aria-live="polite" sx={{ minWidth: '7rem' }}>
        {plural(selected.length, 'supplier', 'suppliers')} selected
      </Typography>
      <Button variant="contained" disabled={confirmable === 0} onClick={() => setAction('confirm')}>
        Confirm selected
      </Button>
      <Button
        variant="outlined"
        color="error"
        disabled={selected.length === 0}
        onClick={() => setAction('reject')}
      >
        Reject selected
      </Button>
      <FormDialog
        open={action !== null}
        title={
          action === 'confirm'
            ? `Confirm ${plural(pending.length, 'candidate', 'candidates')}?`
            : `Reject ${plural(pending.length, 'match', 'matches')}?`
        }
        description={
          action === 'confirm'
            ? `The best candidate shown becomes the match of ${plural(pending.length, 'supplier', 'suppliers')}${withoutCandidate > 0 ? ` (${plural(withoutCandidate, 'selected supplier has', 'selected suppliers have')} no candidate and ${withoutCandidate === 1 ? 'is' : 'are'} left as they are)` : ''}. The job is matched and scored again.`
            : `${plural(pending.length, 'supplier is', 'suppliers are')} marked as matching no merchant. The job is matched and scored again.`
        }
        fields={[]}
        schema={z.object({})}
        defaultValues={{}}
        submitLabel={action === 'confirm' ? 'Confirm' : 'Reject'}
        cancelLabel="Cancel"
        onSubmit={async () => {
          const result = await decide.mutateAsync(pending);
          notify.success(
            action === 'confirm'
              ? `${plural(result.decided, 'candidate', 'candidates')} confirmed`
              : `${plural(result.decided, 'match', 'matches')} rejected`,
          );
          onDecided();
        }}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}
