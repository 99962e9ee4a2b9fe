/**
 * What this tab session remembers of a window that opens by itself: nothing yet, that it opened by
 * itself once, or that the user closed it (decision 0077).
 */
export type AutoOpenMemory = 'none' | 'opened' | 'closed';

/** open: now; wait: ask again later (the delay runs, or another dialog is in the way); never: not on this page. */
export type AutoOpenDecision = 'open' | 'wait' | 'never';

export interface AutoOpenInput {
  /** This window in this tab session (across pages and reloads). */
  memory: AutoOpenMemory;
  /** A click or a key since the page loaded: the user is at work, the window is left to its button. */
  userActed: boolean;
  /** The window's own reason to open (notifications exist, a request waits, …), as it is now. */
  wanted: boolean;
  /** Since the window's data arrived on this page. */
  elapsedMs: number;
  /** Spec doc 1 §4 "Auto dialogs": 2000 ms for the notifications and the authorization dialog. */
  delayMs: number;
  /** Another dialog (modal, drawer, menu or panel) is open on the page. */
  otherDialogOpen: boolean;
}

/**
 * Whether a window that opens by itself may open now (spec doc 1 §4, doc 3 §4; issue 28 item 7): it
 * opens once, after its delay, unless it was closed before in this session; and never over another
 * dialog — it waits until that one is gone.
 */
export function autoOpenDecision(input: AutoOpenInput): AutoOpenDecision {
  // Closed is an answer; opened once is its one chance — a reload or another page does not repeat it.
  if (input.memory !== 'none') return 'never';
  if (input.userActed) return 'never';
  if (!input.wanted) return 'never';
  if (input.elapsedMs < input.delayMs) return 'wait';
  if (input.otherDialogOpen) return 'wait';
  return 'open';
}
