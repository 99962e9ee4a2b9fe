import { setReaderTimeZone } from '@emberwatch/shared/domain/wallClock';

/**
 * What a render knows of the browser it draws for, beside the DOM (decision 0174). In the browser it is
 * the browser itself; a page drawn on the server is drawn for one request's browser (its cookies, screen
 * and time zone) at one moment, and the browser then takes the page over (hydration) as of that same
 * moment, so that the relative times it draws ("5 min") are the server's. The server renders one page
 * at a time, so this module's state is that page's.
 */

/** A browser's screen: its width in CSS pixels, and whether it asks for less motion. */
export interface Screen {
  width: number;
  reducedMotion: boolean;
}

/** The browser a server render draws for (entry-server.tsx). */
export interface RenderRequest {
  /** The request's Cookie header. */
  cookies: string;
  screen: Screen;
  /** The browser's time zone (IANA). */
  timeZone: string;
  /** The moment the page is drawn at, in epoch milliseconds. */
  nowMs: number;
}

let request: RenderRequest | null = null;
let pinnedNowMs: number | null = null;
/** Where a server render was sent on to (a page that redirects), if it was. */
let redirectedTo: string | null = null;
/** The parts with code of their own (lib/lazyWithPreload.tsx) a server render drew, by name. */
let drawnParts = new Set<string>();

/**
 * The server entry: the browser the render that follows draws for, or null after it. Times written
 * without a zone of their own are written on its zone (shared `wallClock`) meanwhile.
 */
export function setRenderRequest(next: RenderRequest | null): void {
  request = next;
  redirectedTo = null;
  drawnParts = new Set();
  setReaderTimeZone(next?.timeZone ?? null);
}

/**
 * A page that sends the browser on (`Redirect`) says where, while the server draws it: the server then
 * answers with that redirect, and the browser asks for the page it leads to. True then; in the browser,
 * nothing, and false.
 */
export function noteRedirect(to: string): boolean {
  if (!request) return false;
  if (redirectedTo === null) redirectedTo = to;
  return true;
}

/**
 * A part of the page with code of its own says it was drawn, while the server draws the page: the
 * browser then fetches that code before it takes the page over (main.tsx). In the browser, nothing.
 */
export function noteDrawnPart(name: string): void {
  if (request) drawnParts.add(name);
}

/** Whether the page is being drawn on the server (between setRenderRequest and its end). */
export function drawingOnServer(): boolean {
  return request !== null;
}

/** The server entry: the parts the render just made drew (noteDrawnPart); forgotten once read. */
export function takeDrawnParts(): string[] {
  const names = [...drawnParts];
  drawnParts = new Set();
  return names;
}

/** The server entry: where the render just made was sent on to, if anywhere; forgotten once read. */
export function takeRedirect(): string | null {
  const to = redirectedTo;
  redirectedTo = null;
  return to;
}

/** The cookies of the browser drawn for: `document.cookie`, or on the server the request's. */
export function documentCookies(): string {
  if (typeof document !== 'undefined') return document.cookie;
  return request?.cookies ?? '';
}

/**
 * Now, in epoch milliseconds: the drawn page's moment while it is drawn (the server) or taken over (the
 * browser, pinRenderClock), else the clock's.
 */
export function renderNowMs(): number {
  return pinnedNowMs ?? request?.nowMs ?? Date.now();
}

/** The browser: pins now to the drawn page's moment while it takes the page over, or lets it go (null). */
export function pinRenderClock(nowMs: number | null): void {
  pinnedNowMs = nowMs;
}

/** The browser's screen as its cookie says (SCREEN_COOKIE, @emberwatch/shared/contracts/drawnPage), or null. */
export function screenOf(cookie: string | null): Screen | null {
  const m = /^(\d{2,5})(r?)$/.exec(cookie ?? '');
  return m ? { width: Number(m[1]), reducedMotion: m[2] === 'r' } : null;
}

/** The screen cookie's value for this browser. */
export function screenCookieValue(width: number, reducedMotion: boolean): string {
  return `${Math.round(width)}${reducedMotion ? 'r' : ''}`;
}

/**
 * A media query answered for the browser drawn for (MUI's `ssrMatchMedia`, used on a server only): the
 * width and motion features the app asks (`(max-width:599.95px)`, `(min-width:600px)`,
 * `(prefers-reduced-motion: reduce)`, joined by "and"), so that a layout chosen by a query is the one the
 * browser will take the page over with. Anything else does not match.
 */
export function serverMatchMedia(query: string): { matches: boolean } {
  const screen = request?.screen;
  if (!screen) return { matches: false };
  const clauses = query.replace(/^@media\s*/, '').split(/\s+and\s+/);
  const matches = clauses.every((clause) => {
    const m = /^\(\s*([a-z-]+)\s*:\s*([^)]+?)\s*\)$/.exec(clause.trim());
    if (!m) return false;
    const [, feature, value] = m;
    if (feature === 'prefers-reduced-motion') return (value === 'reduce') === screen.reducedMotion;
    const px = /^(\d+(?:\.\d+)?)px$/.exec(value ?? '');
    if (!px) return false;
    if (feature === 'max-width') return screen.width <= Number(px[1]);
    if (feature === 'min-width') return screen.width >= Number(px[1]);
    return false;
  });
  return { matches };
}

/** The reader's time zone: the browser's own, or on the server the one of the browser drawn for. */
export function readerTimeZone(): string | null {
  if (typeof document === 'undefined') return request?.timeZone ?? null;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
