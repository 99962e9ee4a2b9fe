/** How long a kept tap waits for its element to become the app's (its part of the page taken over). */
const TAKE_OVER_WAIT_MS = 15_000;
const POLL_MS = 50;
/** How long a field given its text is watched for React drawing it again empty (see retype). */
const STICK_MS = 1_000;
/** How often a field is given its text at most. */
const GIVE_TIMES = 3;

/** The keeper of a drawn page's early taps (@emberwatch/shared/contracts/drawnPage). */
export interface TapKeeper {
  kept: Element[];
  typed: { el: HTMLInputElement | HTMLTextAreaElement; text: string }[];
  /** The user pressed or typed something on the drawn page (lib/drawnPageShown.ts). */
  acted: boolean;
  wake(listener: () => void): void;
}

/** The drawn page's keeper, if the page was drawn on the server. */
export function tapKeeper(): TapKeeper | undefined {
  return (window as unknown as { __ewTaps?: TapKeeper }).__ewTaps;
}

/**
 * The control the app drew in place of `element`, when React drew its part anew instead of taking it
 * over (a part that changed before its code arrived — a push of new data — is drawn again by the
 * browser): the one control of the root with the same tag, test id, label and text, if there is exactly
 * one.
 */
function successorOf(element: Element): Element | null {
  const root = document.getElementById('root');
  if (!root) return null;
  const same = (a: Element, b: Element) =>
    a.tagName === b.tagName &&
    a.getAttribute('data-testid') === b.getAttribute('data-testid') &&
    a.getAttribute('aria-label') === b.getAttribute('aria-label') &&
    a.textContent.trim() === b.textContent.trim();
  const candidates = [...root.getElementsByTagName(element.tagName)].filter((c) => same(c, element));
  return candidates.length === 1 ? candidates[0]! : null;
}

/** Whether React has taken the element over (hydrated it): it then carries React's fiber key. */
function takenOver(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * The taps made on a page the server drew on controls the app did not own yet (kept by the page's own
 * script), tapped again, in order, each once its element is the app's: nothing the user did while the
 * code arrived is lost. Called once the app takes the page over; taps kept later (a part whose code is
 * still on its way) are made again the same way. A control the app drew anew is found again by what it
 * shows (successorOf), also when it comes back after React's fallback for its part; one that does not
 * come back within TAKE_OVER_WAIT_MS is dropped, as the user saw it change.
 */
export function replayEarlyTaps(): void {
  const keeper = tapKeeper();
  if (!keeper) return;
  const { kept, typed } = keeper;
  /** When each typed field was first seen gone: it is given up TAKE_OVER_WAIT_MS later (see next). */
  const goneSince = new Map<TapKeeper['typed'][number], number>();
  /** When each field was last given its text, and how often (it stays in `typed` while watched). */
  const givenAt = new Map<TapKeeper['typed'][number], { at: number; times: number }>();
  /** Gives a field the text typed into it before the app owned it, as typing would (React's onChange). */
  const retype = () => {
    for (let n = typed.length - 1; n >= 0; n--) {
      const entry = typed[n]!;
      let field: Element | null = entry.el;
      if (!field.isConnected) field = successorOf(field);
      if (!field || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) {
        if (!entry.el.isConnected && field === null) {
          const since = goneSince.get(entry) ?? Date.now();
          goneSince.set(entry, since);
          if (Date.now() - since > TAKE_OVER_WAIT_MS) {
            typed.splice(n, 1);
            goneSince.delete(entry);
          }
        }
        continue;
      }
      goneSince.delete(entry);
      if (!takenOver(field)) continue;
      const given = givenAt.get(entry);
      if (given !== undefined) {
        // Given before, and watched for STICK_MS: React may draw the field again with its own empty value
        // when the input event reached no handler yet (its part was still being taken over). Back to empty
        // then, it is given the text again (GIVE_TIMES at most); text of the user's own, or a field that
        // kept the text, is left as it is.
        const watched = Date.now() - given.at <= STICK_MS;
        if (watched && field.value === entry.text) continue;
        if (!watched || field.value !== '' || given.times >= GIVE_TIMES) {
          typed.splice(n, 1);
          givenAt.delete(entry);
          continue;
        }
      }
      givenAt.set(entry, { at: Date.now(), times: (given?.times ?? 0) + 1 });
      // React keeps the field's last value where its own setter sees it: cleared through that setter, the
      // text set past it, and the input event tells React the field changed to the text (its onChange).
      field.value = '';
      const prototype =
        field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, entry.text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
  let waitingSince: number | null = null;
  let scheduled = false;
  const next = () => {
    scheduled = false;
    retype();
    const element = kept[0];
    if (!element) {
      waitingSince = null;
      // Fields still waiting for their part to be taken over.
      if (typed.length > 0) schedule(POLL_MS);
      return;
    }
    waitingSince ??= Date.now();
    if (!element.isConnected) {
      const successor = successorOf(element);
      if (successor) {
        kept[0] = successor;
        schedule(0);
        return;
      }
    }
    if (Date.now() - waitingSince > TAKE_OVER_WAIT_MS) {
      kept.shift();
      waitingSince = null;
      schedule(0);
      return;
    }
    // Gone with no successor yet: React may have dropped the drawn part to draw it anew (an update reached
    // it before its code did) and shows its fallback until the code arrives; the control comes back then.
    if (!element.isConnected || !takenOver(element)) {
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
