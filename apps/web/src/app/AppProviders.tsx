import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { ApiClientProvider } from '../lib/ApiClientContext';
import type { ApiClient } from '../lib/apiClient';
import { SessionProvider, type OfflineStart } from '../features/sessions/SessionProvider';
import { TranslationsSync } from './TranslationsSync';

export function AppProviders({
  api,
  queryClient,
  offlineStart,
  onSessionOpened,
  children,
}: {
  api: ApiClient;
  queryClient: QueryClient;
  /** The last data this device saw, for a start without network (decision 0128). */
  offlineStart?: OfflineStart;
  /** A session opened (restored on start, or by a login): the first screen's reads are asked for (decision 0173). */
  onSessionOpened?: (account: number) => void;
  children: ReactNode;
}) {
  return (
    <ApiClientProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          {/* MUI's theme is not here: it loads with the logged-in shell (app/ShellTheme.tsx). */}
          <SessionProvider offlineStart={offlineStart} onSessionOpened={onSessionOpened}>
            <TranslationsSync />
            {children}
          </SessionProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </ApiClientProvider>
  );
}
