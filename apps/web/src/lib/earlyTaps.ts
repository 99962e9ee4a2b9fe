/** How long a kept tap waits for its element to become the app's (its part of the page taken over). */
const TAKE_OVER_WAIT_MS = 15_000;
const POLL_MS = 50;

/** Whether React has taken the element over (hydrated it): it then carries React's fiber key. */
function takenOver(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * The taps made on a page the server drew before the app took it over (kept by the page's own script,
 * @emberwatch/shared/contracts/drawnPage), tapped again, in order, each once its element is the app's:
 * nothing the user did while the code arrived is lost. An element the app drew anew (it no longer is in
 * the page) is dropped, as the user saw it change.
 */
export function replayEarlyTaps(): void {
  const take = (window as unknown as { __ewTaps?: () => Element[] }).__ewTaps;
  if (!take) return;
  const taps = take();
  if (taps.length === 0) return;
  const deadline = Date.now() + TAKE_OVER_WAIT_MS;
  const next = () => {
    const element = taps[0];
    if (!element) return;
    if (!element.isConnected || Date.now() > deadline) {
      taps.shift();
      next();
      return;
    }
    if (!takenOver(element)) {
      setTimeout(next, POLL_MS);
      return;
    }
    taps.shift();
    (element as HTMLElement).click();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
