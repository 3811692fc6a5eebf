import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The job filters of global insights: ids of issuers, buyers and jobs (empty = all), and the one
 * currency the figures are in (absent = the server's default, the one with the most jobs).
 */
export type GlobalFilter = {
  issuerIds: string[];
  buyerIds: string[];
  jobIds: string[];
  currency?: string;
};
const ID_KEYS = ['issuerIds', 'buyerIds', 'jobIds'] as const;

const idsOf = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

/**
 * The filters live in the address (`?issuerIds=a,b&jobIds=c&currency=EUR`), so the loading,
 * insights and organizations pages share them, and a filtered view can be bookmarked or sent on.
 */
export function useGlobalFilter() {
  const [params, setParams] = useSearchParams();
  const key = [...ID_KEYS, 'currency'].map((k) => params.get(k) ?? '').join('|');
  const filter = useMemo<GlobalFilter>(
    () => ({
      issuerIds: idsOf(params.get('issuerIds')),
      buyerIds: idsOf(params.get('buyerIds')),
      jobIds: idsOf(params.get('jobIds')),
      ...(params.get('currency') ? { currency: params.get('currency')!.toUpperCase() } : {}),
    }),
    // The key holds everything the filter is made of.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const setFilter = useCallback(
    (next: GlobalFilter) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          for (const k of ID_KEYS) {
            if (next[k].length > 0) out.set(k, next[k].join(','));
            else out.delete(k);
          }
          if (next.currency) out.set('currency', next.currency);
          else out.delete('currency');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filter, setFilter, search: params.toString() };
}
