import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { FakeWebSocket } from './support/FakeWebSocket';
import { englishReady, i18n, resetTranslations, setTranslationsSource } from '../src/i18n/i18n';
import { localeTexts } from './support/localeTexts';
import { rememberAutoOpen } from '../src/lib/autoOpenMemory';
import { PROBE_ACTIVATION_WINDOW } from '../src/features/activation/ProbeActivationAutoOpen';
import { keepStylesOutsideDocument } from './support/documentStyles';
import { putBackObjectUrls } from './support/putBackObjectUrls';
import { stopOwnerStacks } from './support/ownerStacks';
import { profileEachFile } from './support/cpuProfile';

// React records no owner stack per element (support/ownerStacks.ts); REACT_OWNER_STACKS=1 keeps them,
// for a run that looks for where an element in one of React's warnings was made.
if (!process.env.REACT_OWNER_STACKS) stopOwnerStacks();

// TEST_CPU_PROFILE_DIR=DIR: a CPU profile of each file (support/cpuProfile.ts); nothing otherwise.
profileEachFile();

// MUI's style rules stay out of the document unless a test asks for them (support/documentStyles.ts).
keepStylesOutsideDocument();

// A test that saves a file replaces URL.createObjectURL; the next test and file get jsdom's back.
putBackObjectUrls();

// jsdom has no matchMedia; MUI's useMediaQuery asks it for the phone layout. "No match" = wide screen.
// The tests' user asks for less motion: the shell's theme then opens and closes dialogs and menus at once
// (app/theme.ts), instead of a test waiting out a 225 ms transition each time one closes.
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query === REDUCED_MOTION_QUERY,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// A page loads lazily and the suite runs beside the server's on two cores: waiting 1 s for what a
// quiet machine shows in 100 ms failed the odd test on a busy one. A condition that never holds
// still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// No test may open a real socket; each one inspects the fake instead.
vi.stubGlobal('WebSocket', FakeWebSocket);

// The logged-in shell is lazily loaded; transforming its modules on first use would eat into the
// tests' waiting time, so every file loads it up front.
beforeAll(async () => {
  await Promise.all([
    englishReady(),
    import('../src/app/AppShell'),
    import('../src/app/SideMenu'),
    import('../src/features/probes/ProbesPage'),
  ]);
});

// Texts come from the server's translation calls; outside renderApp (which wires the fake server)
// a stand-in serves what the server would after seeding from the bundled locale files.
const translationsServer = {};
beforeEach(() => {
  // Each test is a fresh tab: nothing of what opened by itself in another test is remembered.
  sessionStorage.clear();
  // A station without probes opens the probe activation dialog by itself (spec doc 1 §2); other
  // features' tests start with it answered (for the fake server's account, UID 7).
  // test/activation.test.tsx clears this.
  rememberAutoOpen(7, PROBE_ACTIVATION_WINDOW, 'closed');
  resetTranslations();
  setTranslationsSource(translationsServer, null, (locale) => Promise.resolve(localeTexts(locale)));
});

afterEach(async () => {
  cleanup();
  FakeWebSocket.reset();
  vi.useRealTimers();
  // Files share one document in the `web` project (decision 0083): a cookie one test leaves behind
  // (the chosen station, kept a day; the language) would steer the next file's first page.
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]?.trim())) {
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  await i18n.changeLanguage('en');
});
