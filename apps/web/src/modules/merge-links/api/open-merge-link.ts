/**
 * Merge Link in the browser (docs.merge.dev "Merge Link"): the script defines
 * `window.MergeLink.initialize({ linkToken, onSuccess, onExit })`; the person picks and signs in
 * to their accounting system there, and `onSuccess` hands back the public token the server
 * exchanges. The script is loaded only when someone connects, never with the app.
 */
type MergeLinkGlobal = {
  initialize: (options: {
    linkToken: string;
    onSuccess: (publicToken: string) => void;
    onExit?: () => void;
    onReady?: () => void;
    shouldStartOpen?: boolean;
  }) => void;
  openLink?: () => void;
};

declare global {
  interface Window {
    MergeLink?: MergeLinkGlobal;
  }
}

const loaded = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  if (window.MergeLink) return Promise.resolve();
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        reject(new Error(`Merge Link could not be loaded from ${src}.`));
      };
      document.head.appendChild(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

/** Opens Merge Link; resolves with the public token, or null when the person closed it. */
export async function openMergeLink(linkScriptUrl: string, linkToken: string) {
  await loadScript(linkScriptUrl);
  const mergeLink = window.MergeLink;
  if (!mergeLink) throw new Error('Merge Link did not start.');
  return new Promise<string | null>((resolve) => {
    mergeLink.initialize({
      linkToken,
      shouldStartOpen: true,
      onSuccess: (publicToken) => resolve(publicToken),
      onExit: () => resolve(null),
    });
  });
}
