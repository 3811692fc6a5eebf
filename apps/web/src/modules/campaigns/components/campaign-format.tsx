import {
  CAMPAIGN_ROUTE_LABELS,
  CARD_PRODUCT_INFO,
  type CampaignCounters,
  type CampaignExclusionReason,
  type CampaignOutcome,
  type CampaignStatus,
  type CardProduct,
} from '@b2b/contract';
import Chip from '@mui/material/Chip';
import { TileRow } from '../../../components/layout/tile-row';
import { tKey, useT } from '../../../lib/i18n';

export const routeLabel = (route: keyof typeof CAMPAIGN_ROUTE_LABELS) =>
  CAMPAIGN_ROUTE_LABELS[route];

export const productName = (product: CardProduct) => CARD_PRODUCT_INFO[product].name;

/** A date-time as the user's locale writes it; '—' for none. */
export function formatWhen(value: string | null): string {
  return value ? new Date(value).toLocaleString() : '—';
}

const STATUS_COLOURS = {
  Pending: 'default',
  Active: 'info',
  Completed: 'success',
} as const satisfies Record<CampaignStatus, string>;

/** The statuses' words, translated where they are shown (`t(STATUS_LABELS[status])`). */
export const STATUS_LABELS = {
  Pending: tKey('Pending'),
  Active: tKey('Active'),
  Completed: tKey('Completed'),
} as const satisfies Record<CampaignStatus, string>;

/** SPEC §3 tracker status (Pending / Active / Completed) of a campaign or a supplier. */
export function StatusChip({ status }: { status: CampaignStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      label={t(STATUS_LABELS[status])}
      color={STATUS_COLOURS[status]}
      variant="outlined"
    />
  );
}

const OUTCOME_LABELS: Record<CampaignOutcome, string> = {
  Succeeded: tKey('Succeeded'),
  Declined: tKey('Declined'),
  Failed: tKey('Failed'),
  NoResponse: tKey('No response'),
};
/** The outcome's words as a key for `t` ('—' for none). */
export const outcomeLabel = (outcome: CampaignOutcome | null) =>
  outcome ? OUTCOME_LABELS[outcome] : '—';

export const EXCLUSION_REASON_LABELS: Record<CampaignExclusionReason, string> = {
  Strategic: tKey('Strategic supplier'),
  ExcludedByBuyer: tKey('Excluded by the buyer'),
  ActiveCampaign: tKey('Already in an active campaign for this product'),
  RecentlyDeclined: tKey('Declined recently'),
  NoContact: tKey('No contact'),
};

/** The SPEC §3 counters, in its order and words. */
export function CounterTiles({ counters }: { counters: CampaignCounters }) {
  return (
    <TileRow
      tiles={[
        { label: tKey('Total'), value: counters.total.toLocaleString() },
        { label: tKey('Pending'), value: counters.pending.toLocaleString() },
        { label: tKey('Active'), value: counters.active.toLocaleString() },
        { label: tKey('Failed'), value: counters.failed.toLocaleString() },
        { label: tKey('Succeeded'), value: counters.succeeded.toLocaleString() },
      ]}
    />
  );
}
