/** The console: providers (language, theme, query cache, SDK client, router, session) and routes. */
import { LocaleProvider } from '@douyinfe/semi-ui-19';
import en_US from '@douyinfe/semi-ui-19/lib/es/locale/source/en_US';
import zh_CN from '@douyinfe/semi-ui-19/lib/es/locale/source/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LanguageProvider, useLanguage } from '../i18n/language';
import { ThemeProvider } from '../theme/theme';
import { AppRoutes } from './AppRoutes';
import { ClientProvider, createWebClient } from './client';
import { createAppQueryClient } from './query-client';
import { SessionProvider } from './session';
import { createSessionEvents } from './session-events';
import { createSessionStore } from './session-store';

function SemiLocale({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return <LocaleProvider locale={language === 'zh' ? zh_CN : en_US}>{children}</LocaleProvider>;
}

export function App() {
  const [deps] = useState(() => {
    const store = createSessionStore();
    const events = createSessionEvents();
    const client = createWebClient({ store, onSessionExpired: () => events.expired() });
    return { store, events, client, queryClient: createAppQueryClient() };
  });
  return (
    <LanguageProvider>
      <ThemeProvider>
        <SemiLocale>
          <QueryClientProvider client={deps.queryClient}>
            <ClientProvider client={deps.client}>
              <BrowserRouter>
                <SessionProvider store={deps.store} events={deps.events}>
                  <AppRoutes />
                </SessionProvider>
              </BrowserRouter>
            </ClientProvider>
          </QueryClientProvider>
        </SemiLocale>
      </ThemeProvider>
    </LanguageProvider>
  );
}
