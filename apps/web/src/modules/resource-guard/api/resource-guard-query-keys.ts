/** Query keys of the resource guard screen. */
export const resourceGuardQueryKeys = {
  all: ['resource-guard'] as const,
  limits: ['resource-guard', 'limits'] as const,
  usage: ['resource-guard', 'usage'] as const,
};
