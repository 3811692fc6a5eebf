export { CLIENT_FLAGS, isClientFlagStored, readClientFlag, writeClientFlag } from './client-flags';
export { useClientFlag } from './use-client-flag';
export { useRefetchInterval } from './use-refetch-interval';
