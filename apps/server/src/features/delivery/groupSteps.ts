import type { DeliveryAlertStatus, DeliveryGroupStatus } from './delivery.tables.js';

/** A group as the planner read it (decision 0067). */
export interface GroupState {
  status: DeliveryGroupStatus;
  step: number;
  nextStepTs: number | null;
}

/** One alert of a group as the planner read it. */
export interface MemberState {
  id: number;
  status: DeliveryAlertStatus;
  /** It ended and its group has not taken note yet. */
  clearPending: boolean;
  /** A message of the group listed it (it is owed the all-clear). */
  told: boolean;
  /**
   * Where the alert stands in its monitor, asked before a repeat only: acknowledged in the web, or
   * gone without an all-clear (its rule changed). Undefined: not asked (current).
   */
  now?: 'current' | 'acknowledged' | 'gone';
}

export interface GroupStepSettings {
  repeatS: number;
  maxRepeats: number;
}

/** What one step of a group does: the messages' kind and the alerts they list, and the new states. */
export interface GroupStep {
  /** The messages to write; null: none. */
  kind: 'raise' | 'repeat' | 'clear' | null;
  /** The alerts the messages list (hottest first is the wording's business). */
  listed: number[];
  group: Partial<GroupState>;
  members: Map<number, { status?: DeliveryAlertStatus; clearPending?: false; told?: true }>;
}

const LIVE: ReadonlySet<DeliveryAlertStatus> = new Set(['new', 'open', 'acknowledged']);

/**
 * The next step of a group of alerts (issue 27 item 6, decision 0067), pure:
 *
 * - an alert that ended is noted; when every alert of the group has ended, the all-clear lists those
 *   that were told (none told: the group ends quietly);
 * - a gathering group whose time came tells every alert of it that is still on (the first messages);
 * - an open group whose repeat is due first takes note of alerts acknowledged in the web or gone, then
 *   repeats the ones still on — including those that joined since — until the last repeat; with none
 *   left it stops (acknowledged if someone acknowledged one).
 *
 * Returns null when nothing is due.
 */
export function nextGroupStep(
  g: GroupState,
  members: readonly MemberState[],
  nowS: number,
  s: GroupStepSettings,
): GroupStep | null {
  const updates: GroupStep['members'] = new Map();
  if (members.some((m) => m.clearPending)) {
    for (const m of members)
      if (m.clearPending) updates.set(m.id, { status: 'cleared', clearPending: false });
    const live = members.filter((m) => !m.clearPending && LIVE.has(m.status));
    if (live.length > 0) return { kind: null, listed: [], group: {}, members: updates };
    const told = members.filter((m) => m.told).map((m) => m.id);
    const sayClear = told.length > 0 && (g.status === 'open' || g.status === 'acknowledged');
    return {
      kind: sayClear ? 'clear' : null,
      listed: sayClear ? told : [],
      group: { status: 'cleared', nextStepTs: null },
      members: updates,
    };
  }
  if (g.nextStepTs === null || g.nextStepTs > nowS) return null;
  const repeatAt = (step: number) => (step < s.maxRepeats ? nowS + s.repeatS : null);
  if (g.status === 'gathering') {
    const on = members.filter((m) => m.status === 'new');
    if (on.length === 0)
      return { kind: null, listed: [], group: { status: 'cleared', nextStepTs: null }, members: updates };
    for (const m of on) updates.set(m.id, { status: 'open', told: true });
    return {
      kind: 'raise',
      listed: on.map((m) => m.id),
      group: { status: 'open', step: 0, nextStepTs: repeatAt(0) },
      members: updates,
    };
  }
  if (g.status !== 'open') return null;
  let acknowledged = members.some((m) => m.status === 'acknowledged');
  const on: MemberState[] = [];
  for (const m of members) {
    if (m.status !== 'new' && m.status !== 'open') continue;
    if (m.now === 'acknowledged') {
      updates.set(m.id, { status: 'acknowledged' });
      acknowledged = true;
    } else if (m.now === 'gone') updates.set(m.id, { status: 'cleared' });
    else on.push(m);
  }
  if (on.length === 0)
    return {
      kind: null,
      listed: [],
      group: { status: acknowledged ? 'acknowledged' : 'cleared', nextStepTs: null },
      members: updates,
    };
  for (const m of on) updates.set(m.id, { status: 'open', told: true });
  const step = g.step + 1;
  return {
    kind: 'repeat',
    listed: on.map((m) => m.id),
    group: { step, nextStepTs: repeatAt(step) },
    members: updates,
  };
}

/**
 * Whether an alert raised now joins this group rather than starting its own: while the group gathers,
 * or while it is open with a repeat still to come (the alert is told in that repeat). An acknowledged
 * group, or one whose repeats are over, would never tell it: a new group starts.
 */
export function joinsGroup(g: Pick<GroupState, 'status' | 'nextStepTs'>): boolean {
  return g.status === 'gathering' || (g.status === 'open' && g.nextStepTs !== null);
}
