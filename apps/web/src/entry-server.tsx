/**
 * The web app drawn on the server (decision 0174): the page a logged-in user opens, drawn with the same
 * components the browser runs, from a query cache filled by the server's own API (in process, as that
 * user), so that the first screen arrives drawn and the browser takes it over (main.tsx, hydration)
 * instead of drawing it after its scripts. Built by `vite build --ssr` into dist-server/; the server
 * (apps/server/src/features/pages) loads it and renders one page at a time: the module state below
 * (the request's cookies, the moment, the reader's time zone) is that page's.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { isShellPage } from './app/shellPage';
import { liftEmotionStyles } from './lib/liftEmotionStyles';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import {
  SCREEN_COOKIE,
  type PageRedirect,
  type PageRenderInput,
  type PageRenderResult as DrawnPage,
} from '@emberwatch/shared/contracts/drawnPage';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import { App } from './app/App';
import { createApiClient } from './lib/apiClient';
import { createQueryClient } from './lib/createQueryClient';
import { differsHere, englishReady, i18n } from './i18n/i18n';
import { supportedLanguage } from './i18n/detectLanguage';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { screenOf, setRenderRequest, takeDrawnParts, takeRedirect } from './lib/renderContext';
import { readCookie } from './lib/cookies';
import { sessionInfoQuery } from './features/sessions/sessionQueries';
import { prefetchStart } from './app/prefetchStart';
import type { HydrationState } from './app/hydrationState';

export type { HydrationState } from './app/hydrationState';

export type { PageRenderInput } from '@emberwatch/shared/contracts/drawnPage';

/** The page drawn, with the state the browser takes it over with. */
export type PageRenderResult = DrawnPage<HydrationState>;

/**
 * Render, read what the render asked for, render again: each answer lets the next level of the page ask
 * for its own (the session, then the stations, then the station's readings). Beyond this many rounds the
 * page is left to the browser.
 */
const MAX_ROUNDS = 8;

/**
 * The reads the render asked for and has no answer to, not those it keeps disabled until it knows more.
 * (A query's own `isDisabled` needs an observer, and a render on a server subscribes none: the options
 * the render gave it say.)
 */
function waiting(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && enabled(q));
}

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

/**
 * Makes the render speak `language` with the user's texts in it, as the browser fetches them
 * (getUserTranslations), read afresh for each page: a translator's edit shows on the next page drawn.
 * English is the bundled English with the user's English put over it where the two differ (a
 * translator's edits): those texts go into the page's state, so that the browser takes the page over
 * with them and does not fetch the user's English again (decision 0177). Returns them for English,
 * with what puts the bundled English back once the page is drawn (the render's texts are every page's).
 */
async function speak(
  api: ReturnType<typeof createApiClient>,
  uid: number,
  language: Language,
): Promise<{ englishEdits?: [string, string][]; restore: () => void }> {
  const texts = await api.call(endpoints.translations.getUserTranslations, { locale: language, UID: uid });
  if (language !== 'en') {
    i18n.removeResourceBundle(language, 'translation');
    i18n.addResources(language, 'translation', Object.fromEntries(texts.results));
    if (i18n.language !== language) await i18n.changeLanguage(language);
    return { restore: () => undefined };
  }
  const englishEdits = texts.results.filter((entry) => differsHere('en', entry));
  const bundled = englishEdits.map(
    ([key]) => [key, i18n.getResource('en', 'translation', key) as string] as const,
  );
  // Silent: nothing listens to the render's texts (React's subscriptions are the browser's).
  for (const [key, text] of englishEdits) i18n.addResource('en', 'translation', key, text, SILENT);
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  return {
    englishEdits,
    // A key the build does not have is left undefined: no text of the app reads it.
    restore: () => {
      for (const [key, text] of bundled) i18n.addResource('en', 'translation', key, text, SILENT);
    },
  };
}

const SILENT = { silent: true };

interface RenderOutcome {
  html: string;
  pending: number;
}

async function renderOnce(
  api: ReturnType<typeof createApiClient>,
  queryClient: QueryClient,
  url: string,
): Promise<RenderOutcome> {
  const AtUrl = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App api={api} queryClient={queryClient} Router={AtUrl} />
    </StrictMode>,
    // Every part inline, in order: an outlined part would wait for an inline script, which the
    // page's script policy (script-src 'self') does not run.
    { onError: () => undefined, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const pending = waiting(queryClient).length;
  return { html, pending };
}

/**
 * The page at `url` drawn for the viewer in the user's language; where it sends the browser on, if it
 * does (lib/Redirect.tsx); or null where the browser draws it better itself: a page whose reads failed
 * (its error and retry are the browser's), or a page still asking after MAX_ROUNDS.
 */
export async function renderPage(input: PageRenderInput): Promise<PageRenderResult | PageRedirect | null> {
  if (!isShellPage(input.url)) return null;
  // The layout follows the screen (phone or not): without the browser's, the page is the browser's to draw.
  const screen = screenOf(readCookie(input.cookies, SCREEN_COOKIE));
  if (!screen) return null;
  await englishReady();
  const api = createApiClient({ fetch: input.fetch, token: input.token });
  const queryClient = createQueryClient();
  // A read that fails is not tried again here: the browser shows the failure and retries it.
  // (Added to the app's defaults, not in their place: with the app's staleTime gone, every read looked
  // stale as the page was drawn, and was drawn as being fetched — "Refreshing…" where the browser,
  // taking the page over with the same fresh data, drew "Refresh": a hydration error.)
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  setRenderRequest({ cookies: input.cookies, screen, timeZone: input.timeZone, nowMs: input.nowMs });
  let restoreTexts: () => void = () => undefined;
  try {
    // The session first: its language is the page's.
    const session: SessionInfo = await queryClient.fetchQuery(sessionInfoQuery(api));
    const language = supportedLanguage(session.ui_preferences?.language) ?? 'en';
    const { englishEdits, restore } = await speak(api, session.UID, language);
    restoreTexts = restore;
    // The first screen's known reads at once, as the browser asks them on a start (decision 0173): the
    // rounds below then only find what a page reads beyond them.
    await prefetchStart(api, queryClient, session.UID);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const { html, pending } = await renderOnce(api, queryClient, input.url);
      const redirect = takeRedirect();
      // The parts with code of their own this round drew: the browser fetches theirs before taking over.
      const parts = takeDrawnParts();
      if (redirect !== null) return { redirect };
      const queries = queryClient.getQueryCache().getAll();
      if (queries.some((q) => q.state.status === 'error')) return null;
      if (pending === 0) {
        const { body, styles } = liftEmotionStyles(html);
        return {
          html: body,
          head: styles,
          state: {
            token: input.token,
            nowMs: input.nowMs,
            timeZone: input.timeZone,
            queries: dehydrate(queryClient),
            language,
            uid: session.UID,
            parts,
            ...(englishEdits ? { englishEdits } : {}),
          },
          lang: language,
        };
      }
      await Promise.all(waiting(queryClient).map((q) => q.fetch().catch(() => undefined)));
    }
    return null;
  } catch {
    return null;
  } finally {
    restoreTexts();
    setRenderRequest(null);
    // The client keeps a timer to refresh its token: a render's client has no future.
    api.forget();
    queryClient.clear();
  }
}
