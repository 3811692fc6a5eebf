import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenLoading } from '../components/feedback/full-screen-loading';
import { RouteErrorPage } from './routes/errors/route-error-page';

// Every frame and page is its own chunk, loaded on first visit: /login downloads none of the
// signed-in pages (and none of the heavy grid and chart code they will bring).
export const appRoutes: RouteObject[] = [
  {
    HydrateFallback: FullScreenLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        lazy: async () => ({ Component: (await import('./frames/public-frame')).PublicFrame }),
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('./routes/auth/login-page')).LoginPage }),
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./frames/standard-frame')).StandardFrame }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/home/home-page')).HomePage }),
          },
          {
            path: 'dev/examples/*',
            lazy: async () => ({
              Component: (await import('./routes/dev/examples-page')).ExamplesPage,
            }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./routes/errors/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
