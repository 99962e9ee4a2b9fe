import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { FakeWebSocket } from './support/FakeWebSocket';
import { i18n } from '../src/i18n/i18n';

// jsdom has no matchMedia; MUI's useMediaQuery asks it for the phone layout. "No match" = wide screen.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// No test may open a real socket; each one inspects the fake instead.
vi.stubGlobal('WebSocket', FakeWebSocket);

afterEach(async () => {
  cleanup();
  FakeWebSocket.reset();
  vi.useRealTimers();
  document.cookie = 'lang=; max-age=0; path=/';
  await i18n.changeLanguage('en');
});
