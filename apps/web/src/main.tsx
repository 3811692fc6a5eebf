import { startRequests } from './app/start-requests';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = startRequests(window.location.pathname);
// The rendering code (React DOM, MUI with its theme and styles, the router and the public pages)
// is evaluated in a task of its own. Evaluated with the requests' code, the entry was one task of
// about 110 ms in which the browser could do nothing else (docs/perf/lighthouse.md); index.html
// names the rendering code's files, so they download beside the entry all the same.
setTimeout(() => {
  import('./app/render-app')
    .then(({ renderApp }) => renderApp(container, queryClient))
    .catch((error: unknown) => {
      // Like index.html's <noscript>: without this code nothing else can say it.
      container.textContent = 'B2B Analytics could not load. Reload the page to try again.';
      throw error;
    });
}, 0);
