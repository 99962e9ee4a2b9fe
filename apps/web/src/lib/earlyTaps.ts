/** How long a kept tap waits for its element to become the app's (its part of the page taken over). */
const TAKE_OVER_WAIT_MS = 15_000;
const POLL_MS = 50;

/** The keeper of a drawn page's early taps (@emberwatch/shared/contracts/drawnPage). */
interface TapKeeper {
  kept: Element[];
  wake(listener: () => void): void;
}

/** Whether React has taken the element over (hydrated it): it then carries React's fiber key. */
function takenOver(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * The taps made on a page the server drew on controls the app did not own yet (kept by the page's own
 * script), tapped again, in order, each once its element is the app's: nothing the user did while the
 * code arrived is lost. Called once the app takes the page over; taps kept later (a part whose code is
 * still on its way) are made again the same way. An element the app drew anew (no longer in the page)
 * is dropped, as the user saw it change.
 */
export function replayEarlyTaps(): void {
  const keeper = (window as unknown as { __ewTaps?: TapKeeper }).__ewTaps;
  if (!keeper) return;
  const { kept } = keeper;
  let waitingSince: number | null = null;
  let scheduled = false;
  const next = () => {
    scheduled = false;
    const element = kept[0];
    if (!element) {
      waitingSince = null;
      return;
    }
    waitingSince ??= Date.now();
    if (!element.isConnected || Date.now() - waitingSince > TAKE_OVER_WAIT_MS) {
      kept.shift();
      waitingSince = null;
      schedule(0);
      return;
    }
    if (!takenOver(element)) {
      schedule(POLL_MS);
      return;
    }
    kept.shift();
    waitingSince = null;
    (element as HTMLElement).click();
    schedule(0);
  };
  const schedule = (ms: number) => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(next, ms);
  };
  keeper.wake(() => schedule(0));
  schedule(0);
}
