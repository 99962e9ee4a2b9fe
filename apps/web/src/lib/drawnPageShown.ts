import { tapKeeper } from './earlyTaps';

/**
 * When a page the server drew (decision 0174) was first on screen, on this browser's clock: its first
 * contentful paint, or where the browser does not say, the moment its HTML had arrived. The data it was
 * drawn with has been in front of the user since then, before the app took the page over.
 */
let shownAtMs: number | null = null;

/** Called once by the start of a drawn page (a test gives the moment). */
export function rememberDrawnPageShown(atMs?: number): void {
  if (atMs !== undefined) {
    shownAtMs = atMs;
    return;
  }
  const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
  const arrived = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
    ?.responseEnd;
  shownAtMs = Math.round(performance.timeOrigin + (paint ?? arrived ?? performance.now()));
}

/** When the drawn page was first on screen; null when the app drew the page itself. */
export function drawnPageShownAtMs(): number | null {
  return shownAtMs;
}

/** Whether the user pressed or typed anything on the drawn page, before the app had taken it over. */
export function actedOnDrawnPage(): boolean {
  return tapKeeper()?.acted === true;
}

/** For tests: as if the app had drawn the page itself. */
export function forgetDrawnPageShown(): void {
  shownAtMs = null;
}
