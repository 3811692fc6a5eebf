import { endpointPath, videoResourcesEndpoints } from '@b2b/contract';

/**
 * The address of a resource's file. The browser fetches it itself (a `<video>` element seeks
 * with HTTP Range requests; a PDF opens in a tab), so there is no fetcher here, only the URL.
 * The server has the browser revalidate its copy (ETag), so a replaced file is seen at once.
 */
export function resourceContentUrl(id: string, options: { download?: boolean } = {}): string {
  const path = endpointPath(videoResourcesEndpoints.getResourceContent.path, {
    videoResourceId: id,
  });
  return options.download ? `${path}?download=true` : path;
}
