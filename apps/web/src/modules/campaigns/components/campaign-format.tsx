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

/** SPEC §3 tracker status (Pending / Active / Completed) of a campaign or a supplier. */
export function StatusChip({ status }: { status: CampaignStatus }) {
  return <Chip size="small" label={status} color={STATUS_COLOURS[status]} variant="outlined" />;
}

const OUTCOME_LABELS: Record<CampaignOutcome, string> = {
  Succeeded: 'Succeeded',
  Declined: 'Declined',
  Failed: 'Failed',
  NoResponse: 'No response',
};
export const outcomeLabel = (outcome: CampaignOutcome | null) =>
  outcome ? OUTCOME_LABELS[outcome] : '—';

export const EXCLUSION_REASON_LABELS: Record<CampaignExclusionReason, string> = {
  Strategic: 'Strategic supplier',
  ExcludedByBuyer: 'Excluded by the buyer',
  ActiveCampaign: 'Already in an active campaign for this product',
  RecentlyDeclined: 'Declined recently',
  NoContact: 'No contact',
};

/** The SPEC §3 counters, in its order and words. */
export function CounterTiles({ counters }: { counters: CampaignCounters }) {
  return (
    <TileRow
      tiles={[
        { label: 'Total', value: counters.total.toLocaleString() },
        { label: 'Pending', value: counters.pending.toLocaleString() },
        { label: 'Active', value: counters.active.toLocaleString() },
        { label: 'Failed', value: counters.failed.toLocaleString() },
        { label: 'Succeeded', value: counters.succeeded.toLocaleString() },
      ]}
    />
  );
}
