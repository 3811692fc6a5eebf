import { useClientFlag } from './use-client-flag';

/**
 * The polling interval a query should use: `ms` while the queries-refetch flag is on, `false`
 * (no polling) when the user turned it off. Every polling screen asks through this hook so
 * one switch on the profile page stops all background refreshing.
 */
export function useRefetchInterval(ms: number): number | false {
  const [refetch] = useClientFlag('queriesRefetch');
  return refetch ? ms : false;
}
