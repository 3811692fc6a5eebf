/** Query keys of the video resource screens and the resource hub. */
export const videoResourcesQueryKeys = {
  all: ['video-resources'] as const,
  list: (search: string) => ['video-resources', 'list', search] as const,
  resource: (id: string) => ['video-resources', 'resource', id] as const,
  hub: (search: string, tag: string) => ['video-resources', 'hub', search, tag] as const,
};
