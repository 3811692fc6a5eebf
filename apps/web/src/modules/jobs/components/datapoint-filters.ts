import type { FilterItem, InsightChart } from '@b2b/contract';
import { tKey } from '../../../lib/i18n';
import { t as translate, type Translate } from '../../../lib/i18n/i18n';

/**
 * The datapoint filter widgets of SPEC.md section 3 (multiselect with asynchronously loaded
 * options, boolean, number with min and max, date, unavailable) and how each one's value
 * becomes items of the paged list request. Pure functions, so the mapping is tested alone.
 */
export type DatapointFilter =
  | {
      kind: 'multiselect';
      id: string;
      label: string;
      property: string;
      /** The insights chart whose bars are the values this job holds (the options' source). */
      optionsChart: InsightChart;
    }
  | {
      kind: 'boolean';
      id: string;
      label: string;
      property: string;
      /** The stored values meaning yes and no (slicers are stored as text). */
      yes: string;
      no: string;
    }
  | {
      kind: 'number';
      id: string;
      label: string;
      /** One property, or a choice of several sharing the bounds (e.g. the eight scores). */
      properties: readonly { property: string; label: string }[];
      /** The field's bounds; a missing one counts as 0 (SPEC.md section 5). */
      min?: number;
      max?: number;
    }
  | { kind: 'date'; id: string; label: string; property: string }
  | { kind: 'unavailable'; id: string; label: string; reason: string };

export type MultiselectValue = { selected: string[]; options: string[] | null };
export type BooleanValue = 'yes' | 'no' | null;
export type NumberValue = { property: string; from: string; to: string };
export type DateValue = { from: string; to: string };
export type DatapointFilterValue = MultiselectValue | BooleanValue | NumberValue | DateValue;

/** The paged list request's limit on filter items. */
const MAX_FILTERS = 50;

const item = (
  propertyName: string,
  comparisonOperator: FilterItem['comparisonOperator'],
  value: FilterItem['value'],
): FilterItem => ({ propertyName, comparisonOperator, value, allowNullValue: false });

/** The inclusive range a number widget accepts: a missing min or max counts as 0. */
export function numberBounds(filter: { min?: number; max?: number }) {
  return { min: filter.min ?? 0, max: filter.max ?? 0 };
}

/**
 * Why a typed number is refused, or null when it is accepted (empty means "no limit").
 * SPEC.md section 5: the value must lie between the field's min and max. In the user's language
 * when given the screen's `t`.
 */
export function numberProblem(
  filter: { min?: number; max?: number },
  text: string,
  t: Translate = translate,
) {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return t('Enter a number.');
  const { min, max } = numberBounds(filter);
  if (value < min || value > max) {
    return t('Enter a value between {{min}} and {{max}}.', {
      min: min.toLocaleString(),
      max: max.toLocaleString(),
    });
  }
  return null;
}

/** Where a widget's value cannot be sent, why (shown under the widget): a key for `t`. */
export class FilterProblem extends Error {
  constructor(
    message: string,
    readonly values?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * The multiselect's choice as filters. The paged list request ANDs its items and has no "in"
 * operator among its nine, so several values are sent as NotEqual for every other option the
 * job holds (the options are the job's complete set of values). One value is Equal.
 */
function multiselectItems(property: string, value: MultiselectValue, room: number): FilterItem[] {
  const { selected, options } = value;
  if (selected.length === 0) return [];
  if (selected.length === 1) return [item(property, 'Equal', selected[0]!)];
  if (!options) throw new FilterProblem(tKey('Wait for the values to load.'));
  const others = options.filter((o) => !selected.includes(o));
  // Every value chosen: only suppliers without one are left out.
  if (others.length === 0) return [item(property, 'NotEqual', null)];
  if (others.length + 1 > room) {
    throw new FilterProblem(
      tKey('Too many values left out to combine ({{count}}); choose one value or more of them.'),
      { count: others.length },
    );
  }
  return [item(property, 'NotEqual', null), ...others.map((o) => item(property, 'NotEqual', o))];
}

/** The request filters for one widget's value; a refused number sends nothing for its side. */
export function filterItemsOf(
  filter: DatapointFilter,
  value: DatapointFilterValue | undefined,
  room = MAX_FILTERS,
): FilterItem[] {
  if (value === undefined || value === null) return [];
  switch (filter.kind) {
    case 'multiselect':
      return multiselectItems(filter.property, value as MultiselectValue, room);
    case 'boolean':
      return [item(filter.property, 'Equal', value === 'yes' ? filter.yes : filter.no)];
    case 'number': {
      const { property, from, to } = value as NumberValue;
      const out: FilterItem[] = [];
      if (from.trim() !== '' && numberProblem(filter, from) === null)
        out.push(item(property, 'GreaterThanOrEqual', Number(from)));
      if (to.trim() !== '' && numberProblem(filter, to) === null)
        out.push(item(property, 'LessThanOrEqual', Number(to)));
      return out;
    }
    case 'date': {
      const { from, to } = value as DateValue;
      const out: FilterItem[] = [];
      // Whole days: from the start of `from` up to (not including) the day after `to`.
      if (from) out.push(item(filter.property, 'GreaterThanOrEqual', `${from}T00:00:00.000Z`));
      if (to) {
        const next = new Date(`${to}T00:00:00.000Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        out.push(item(filter.property, 'LessThan', next.toISOString()));
      }
      return out;
    }
    case 'unavailable':
      return [];
  }
}

/** Every widget's filters together within the request's 50 items, and why any could not be sent. */
export function allFilterItems(
  filters: readonly DatapointFilter[],
  values: Readonly<Record<string, DatapointFilterValue | undefined>>,
  t: Translate = translate,
): { items: FilterItem[]; problems: Record<string, string> } {
  const items: FilterItem[] = [];
  const problems: Record<string, string> = {};
  // Multiselects go last: their exclusion lists get the room the other widgets leave.
  const ordered = [
    ...filters.filter((f) => f.kind !== 'multiselect'),
    ...filters.filter((f) => f.kind === 'multiselect'),
  ];
  for (const filter of ordered) {
    try {
      items.push(...filterItemsOf(filter, values[filter.id], MAX_FILTERS - items.length));
    } catch (error) {
      if (!(error instanceof FilterProblem)) throw error;
      problems[filter.id] = t(error.message, error.values);
    }
  }
  return { items, problems };
}
