import { useCallback, useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import { autoOpenDecision, type AutoOpenDecision } from './autoOpenDecision';
import { readAutoOpenMemory, rememberAutoOpen } from './autoOpenMemory';
import { actedOnDrawnPage, drawnPageShownAtMs } from './drawnPageShown';
import { anyDialogOpen, watchDialogs } from './openDialogs';

const subscribeNever = () => () => {};

/**
 * Whether this render takes over a page the server drew (React's hydration, which reads the server's
 * snapshot of an external store) rather than drawing anew.
 */
function useTakingOver(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

/**
 * Where a window's opening by itself stands on this page: pending (its delay runs), held (due, but
 * another dialog is open), opened (it did), off (it will not on this page). Shown on the window's
 * button as `data-auto-open`, so a browser test can tell "not yet" from "not at all".
 */
export type AutoOpenState = 'pending' | 'held' | 'opened' | 'off';

export interface AutoOpenOptions {
  /** The window's name in the session memory. */
  name: string;
  /** The logged-in account, whose memory it is; nothing is decided while it is unknown. */
  uid: number | undefined;
  /** The window's data has arrived: the delay counts from here. */
  ready: boolean;
  /** The window's own reason to open, read again at each decision. */
  wanted: boolean;
  delayMs: number;
  /** Opens the window; the session already remembers that it opened. */
  onOpen: () => void;
  /** A new subject (another station) starts a new decision on the same page. */
  subject?: string;
}

/**
 * A window that opens by itself (decision 0077), decided by the pure autoOpenDecision: at most once
 * per tab session, after its delay, never after the user closed it, never at a user who clicked or
 * typed meanwhile, and never over another dialog (it waits for that one to go). The window calls
 * `closed` whenever it closes, by itself opened or not.
 */
export function useAutoOpen({ name, uid, ready, wanted, delayMs, onOpen, subject }: AutoOpenOptions): {
  state: AutoOpenState;
  closed: () => void;
} {
  const [state, setState] = useState<AutoOpenState>('pending');
  // A window whose data came with a page the server drew (decision 0175) counts its delay from when
  // that page was on screen, not from when the app took it over, and a user who pressed or typed on the
  // drawn page meanwhile has acted. Once: a later decision (another subject) counts from its own data.
  const takingOver = useTakingOver();
  const [drawnShownAt] = useState(() => (takingOver && ready ? drawnPageShownAtMs() : null));
  const drawnCounted = useRef(false);

  const decide = useEffectEvent(
    (account: number, elapsedMs: number, userActed: boolean): AutoOpenDecision => {
      const decision = autoOpenDecision({
        memory: readAutoOpenMemory(account, name),
        userActed,
        wanted,
        elapsedMs,
        delayMs,
        otherDialogOpen: anyDialogOpen(),
      });
      if (decision === 'open') {
        rememberAutoOpen(account, name, 'opened');
        onOpen();
        setState('opened');
      } else if (decision === 'never') setState('off');
      else setState(elapsedMs >= delayMs ? 'held' : 'pending');
      return decision;
    },
  );

  useEffect(() => {
    if (!ready || uid === undefined) return;
    const shownSince = drawnCounted.current ? null : drawnShownAt;
    drawnCounted.current = true;
    const startedAt = shownSince !== null ? Math.min(Date.now(), shownSince) : Date.now();
    const waitMs = Math.max(0, delayMs - (Date.now() - startedAt));
    // Set when the timer has run: the delay is over even if the wall clock reads a millisecond less.
    let due = waitMs <= 0;
    let userActed = shownSince !== null && actedOnDrawnPage();
    let settled = false;
    let unwatch: (() => void) | undefined;
    const stop = () => {
      settled = true;
      clearTimeout(timer);
      unwatch?.();
      document.removeEventListener('pointerdown', onAct, true);
      document.removeEventListener('keydown', onAct, true);
    };
    const check = () => {
      if (settled) return;
      const elapsedMs = due ? Math.max(delayMs, Date.now() - startedAt) : Date.now() - startedAt;
      if (decide(uid, elapsedMs, userActed) !== 'wait') stop();
      // Due but held by another dialog: asked again whenever the page's dialogs may have changed.
      else if (due && !unwatch) unwatch = watchDialogs(check);
    };
    // Capture phase: a click that opens a menu counts before the menu's own handler runs.
    const onAct = () => {
      userActed = true;
      check();
    };
    document.addEventListener('pointerdown', onAct, true);
    document.addEventListener('keydown', onAct, true);
    const timer = setTimeout(() => {
      due = true;
      check();
    }, waitMs);
    check();
    return stop;
  }, [ready, uid, name, delayMs, subject, drawnShownAt]);

  const closed = useCallback(() => {
    if (uid !== undefined) rememberAutoOpen(uid, name, 'closed');
  }, [uid, name]);
  return { state, closed };
}
