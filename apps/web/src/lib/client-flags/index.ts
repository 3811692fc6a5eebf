export {
  CLIENT_FLAGS,
  isClientFlagStored,
  readClientFlag,
  writeClientFlag,
  type ClientFlag,
} from './client-flags';
export { useClientFlag } from './use-client-flag';
export { useRefetchInterval } from './use-refetch-interval';
