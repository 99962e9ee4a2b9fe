import type { DehydratedState } from '@tanstack/react-query';
import type { AccessToken } from '@emberwatch/shared/contracts/session';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { DRAWN_STATE_ID } from '@emberwatch/shared/contracts/drawnPage';

/**
 * What a page drawn on the server hands to the browser that takes it over (decision 0174), in a JSON
 * script element of the page: the session's access token (the page is `no-store`, sent to that user's
 * browser only), the moment and the time zone it was drawn at and for, and the query cache it was drawn
 * from, so the browser's first render finds the same data and draws the same page.
 */
export interface HydrationState {
  token: AccessToken;
  nowMs: number;
  timeZone: string;
  queries: DehydratedState;
  /** The user's interface language, which the page is drawn in, and the user whose texts those are. */
  language: Language;
  uid: number;
  /**
   * Drawn in English: the user's English texts where they differ from the build's (a translator's
   * edits), as [key, text] — the page was drawn with them, and the browser takes them from here
   * instead of fetching the user's texts (decision 0177). Absent for another language.
   */
  englishEdits?: [string, string][];
  /** The parts with code of their own the page has (lib/lazyWithPreload.tsx's drawnPart), by name. */
  parts: string[];
}

/** The state the page carries, if it was drawn on the server; the element is removed once read. */
export function takeHydrationState(doc: Document): HydrationState | null {
  const element = doc.getElementById(DRAWN_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as HydrationState;
  } catch {
    return null;
  }
}
