import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
// From its own file, not the notifications barrel: the barrel's CountBadge would bring MUI's
// Badge into the entry (docs/architecture.md, "Bundle budget").
import { NotificationsProvider } from '../components/feedback/notifications/notifications-provider';
import { AppThemeProvider } from '../theme/app-theme-provider';
import { LanguageGate } from './language/language-gate';

export type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
};

/**
 * Everything every page needs; frames nest their own branded theme inside the default one.
 * Toasts (at most three) sit inside the query client: error toasts read the session.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider themeKey="default">
        <NotificationsProvider>
          <LanguageGate>{children}</LanguageGate>
        </NotificationsProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
