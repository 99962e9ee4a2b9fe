import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { App } from './app/App';
import { createApiClient } from './lib/apiClient';
import { createQueryClient } from './lib/createQueryClient';
import { changeLanguage, setTranslationsSource, takeDrawnTexts } from './i18n/i18n';
import { detectLanguage } from './i18n/detectLanguage';
import { loadShellAndPage, preloadShell } from './app/lazyShell';
import { registerServiceWorker } from './features/push/registerServiceWorker';
import { createOfflineCache } from './features/offline/offlineCache';
import { hydrate, onlineManager } from '@tanstack/react-query';
import { englishReady, i18n } from './i18n/i18n';
import { takeHydrationState } from './app/hydrationState';
import { rememberReader } from './lib/rememberReader';
import { replayEarlyTaps } from './lib/earlyTaps';
import { AfterTakeOver } from './lib/AfterTakeOver';
import { pinRenderClock } from './lib/renderContext';
import { rememberDrawnPageShown } from './lib/drawnPageShown';
import { forgetReadStarts, markReadStarts, trackReadStarts } from './lib/readStarts';
import { preloadDrawnParts } from './lib/lazyWithPreload';
import { REDRAW_ATTRIBUTE } from '@emberwatch/shared/contracts/drawnPage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// Any page but /login shows the logged-in shell: fetch it while the session is being restored.
if (!window.location.pathname.startsWith('/login')) preloadShell();

// A page the server drew for the logged-in user (decision 0174) carries its session and data: the app
// takes the drawn page over instead of drawing it again.
const drawn = takeHydrationState(document);
// Drawn as an admin's own view in a tab that works for a customer: the page's script hid it (shared
// contract REDRAW_FOR_ACTING_SCRIPT), and the app draws the tab's view itself, with the page's session.
const redraw = document.documentElement.hasAttribute(REDRAW_ATTRIBUTE);
const api = createApiClient(drawn ? { token: drawn.token } : {});
const queryClient = createQueryClient();
// When each answer's read began, for the push socket's `ready` to tell what missed nothing (decision 0183).
trackReadStarts(queryClient);
// The drawn page's data is the cache's start, but not another view's. The server read it after this
// document's request began, which is the navigation's start or later (0 on the clock of readStarts).
if (drawn && !redraw) {
  hydrate(queryClient, drawn.queries);
  markReadStarts(queryClient, 0);
}

// The last data this device saw, kept for a start without network (decision 0128). TanStack Query
// starts believing it is online; told the truth, it waits for the network instead of failing.
const offlineCache = createOfflineCache(window.localStorage);
offlineCache.persistFrom(queryClient);
onlineManager.setOnline(navigator.onLine);
// The device's copy is older than any read of this start: once some of it is in the cache, no read's start
// speaks for the cache's data (decision 0183).
const offlineStart = {
  restore: () => {
    const restored = offlineCache.restore(queryClient) !== null;
    if (restored) forgetReadStarts(queryClient);
    return restored;
  },
  restoreFor: (account: number) => {
    const restored = offlineCache.restoreFor(queryClient, account);
    if (restored !== null) forgetReadStarts(queryClient);
    return restored;
  },
  clear: () => offlineCache.clear(),
};

/** Another language than the bundled English waits this long at most for its texts before rendering. */
const TRANSLATION_WAIT_MS = 1000;

// Before login the language comes from the `lang` cookie or the browser (spec doc 1 §4). English is
// bundled and renders at once; whose English the server adds (the anonymous texts or the user's) is
// decided once the session is known (TranslationsSync), so a session being restored fetches only the
// user's (decision 0146). Another language waits briefly for its anonymous texts (no flash of
// English), but never longer than TRANSLATION_WAIT_MS: a slow or failed call leaves the app in the
// bundled English.
const language = detectLanguage(document.cookie, navigator.languages);
let ready: Promise<unknown> = Promise.resolve();
if (drawn) {
  // Drawn in the user's language with the user's texts: the browser takes the page over with the same
  // texts (TranslationsSync then finds them loaded), and no sooner.
  const { uid, englishEdits = [] } = drawn;
  setTranslationsSource(api, uid, (locale: Language) =>
    api.call(endpoints.translations.getUserTranslations, { locale, UID: uid }),
  );
  ready = englishReady().then((): unknown =>
    drawn.language === 'en'
      ? // English is bundled, and the translators' edits of it came with the page (decision 0177): the
        // user's English is not fetched again (172 kB, compared text by text, on every start before).
        takeDrawnTexts('en', englishEdits)
      : // Another language is fetched, as the session's start would.
        changeLanguage(drawn.language, { remember: true }),
  );
} else if (language !== 'en') {
  setTranslationsSource(api, null, (locale: Language) =>
    api.call(endpoints.translations.getAnonymousTranslations, { locale }),
  );
  ready = Promise.race([
    changeLanguage(language),
    new Promise((resolve) => setTimeout(resolve, TRANSLATION_WAIT_MS)),
  ]);
}

// A drawn page is taken over once the shell's and the page's code are here, in one pass: a part left
// waiting for its code would be dropped for its fallback by the first update that reached it.
// So are the parts inside it with code of their own (a tab's chart, the admin bar), which the state names.
if (drawn)
  ready = Promise.all([
    ready,
    loadShellAndPage(window.location.pathname).then(() => preloadDrawnParts(drawn.parts)),
  ]);

// The service worker shows pushed alerts with no tab open (decision 0048) and keeps the app shell
// for opening offline (decision 0128).
registerServiceWorker();

/** How long the drawn page's moment stands for the components that take it over (lib/renderContext.ts). */
const DRAWN_MOMENT_MS = 10_000;

void ready.finally(() => {
  const app = (
    <StrictMode>
      <App api={api} queryClient={queryClient} offlineStart={offlineStart} />
    </StrictMode>
  );
  if (!drawn || redraw || i18n.language !== drawn.language) {
    // Not drawn, drawn for another view than the tab's, or drawn in a language whose texts could not be
    // fetched (the app says so, in English): the app draws the page itself.
    if (drawn) root.replaceChildren();
    createRoot(root).render(app);
  } else {
    // The ages drawn ("5 min") are the server's moment's until every part of the page is taken over
    // (the lazily loaded ones included), then the clock's.
    pinRenderClock(drawn.nowMs);
    setTimeout(() => pinRenderClock(null), DRAWN_MOMENT_MS);
    // Its data has been on screen since the drawn page was: the windows that open 2 s after their data
    // count from then (decision 0175).
    rememberDrawnPageShown();
    // Taps and text made on the drawn page before the take-over are made again as its parts become the
    // app's, from the moment React has committed the take-over.
    hydrateRoot(root, <AfterTakeOver run={replayEarlyTaps}>{app}</AfterTakeOver>);
  }
});

// The server draws the next page on this browser's clock and screen (decision 0174), told once the
// start is over.
setTimeout(rememberReader, DRAWN_MOMENT_MS);
