import type { FanCommand, FanState } from './decideFan.js';

/** The controller's own mode switch (spec doc 3 §3 fc_mode on/off/drive). */
export const FC_MODES = ['drive', 'on', 'off'] as const;
export type FcMode = (typeof FC_MODES)[number];

/** Spec doc 3 §4, doc 2 §4: "Operation mode label: drive = AUTO, off = STOP, otherwise RUN." */
export function operationModeLabel(fcMode: FcMode | null): 'AUTO' | 'STOP' | 'RUN' {
  if (fcMode === 'drive') return 'AUTO';
  if (fcMode === 'off') return 'STOP';
  return 'RUN';
}

/**
 * What the fan controller display shows (spec doc 3 §4 "Fan controller display"): offline; in drive
 * mode manual on/off, scheduled start or automatic on/off; with the controller's own switch on or
 * off, whether that is forced against the server's command or agrees with it (ok).
 */
export type FanDisplay =
  | { kind: 'offline' }
  | { kind: 'drive'; drive: 'manualOn' | 'manualOff' | 'scheduledStart' | 'autoOn' | 'autoOff' }
  | { kind: 'on'; forced: boolean }
  | { kind: 'off'; forced: boolean };

export function fanDisplay(fc: {
  isOffline: boolean;
  fc_mode: FcMode | null;
  command: FanCommand;
  isManual: boolean;
  manualCommand: FanCommand;
  state: Pick<FanState, 'offReason' | 'note' | 'nextChange'> | null;
}): FanDisplay {
  if (fc.isOffline) return { kind: 'offline' };
  if (fc.fc_mode === 'on') return { kind: 'on', forced: fc.command !== 1 };
  if (fc.fc_mode === 'off') return { kind: 'off', forced: fc.command !== 0 };
  if (fc.isManual) return { kind: 'drive', drive: fc.manualCommand === 1 ? 'manualOn' : 'manualOff' };
  if (fc.command === 1) return { kind: 'drive', drive: 'autoOn' };
  // Off now, and the rule itself will start it at a known time: the cycle's next on-time, or the end
  // of the scheduler's hold.
  const waiting = fc.state?.note === 'cyclePause' || fc.state?.offReason === 'schedulerVeto';
  return { kind: 'drive', drive: waiting ? 'scheduledStart' : 'autoOff' };
}
