import { writeCookie } from './cookies';
import { SCREEN_COOKIE, TIME_ZONE_COOKIE } from '@emberwatch/shared/contracts/drawnPage';
import { screenCookieValue } from './renderContext';

/**
 * Tells the server the browser's time zone and screen, for the pages it draws from now on (their clock
 * and their layout; decision 0174): at a login, and a while after a start (not during it: the first date
 * formatter costs a phone tens of milliseconds).
 */
export function rememberReader(): void {
  writeCookie(TIME_ZONE_COOKIE, Intl.DateTimeFormat().resolvedOptions().timeZone);
  // A browser without media queries (an embedded view) is taken to want the motion it gets.
  const reducedMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  writeCookie(SCREEN_COOKIE, screenCookieValue(window.innerWidth, reducedMotion));
}
