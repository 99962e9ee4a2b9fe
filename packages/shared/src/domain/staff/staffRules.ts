import { STAFF_LEVELS } from '../roles.js';
import type { StaffLevel } from '../operatorTools.js';

/**
 * Who may manage whom among the staff (issue 31 item 2, decision 0099). Pure, so the server refuses
 * and the console page disables by the same rule:
 *
 * - Root manages everyone: adds, removes and sets any level (Root included).
 * - Admin manages Tech and Sales only: adds, removes and moves members between those two levels,
 *   never touches a Root or an Admin (itself included) and never makes anyone Root or Admin.
 * - Tech and Sales manage nobody (the operator tool `staffManagement` refuses them first).
 * - Nobody raises their own level (a lower number is a higher level); a Root may lower itself.
 * - The last Root can be neither removed nor lowered: the console would have nobody left who could
 *   make a Root again.
 */
export type StaffChange =
  { kind: 'add'; to: StaffLevel } | { kind: 'remove' } | { kind: 'set'; to: StaffLevel };

export interface StaffRuleInput {
  /** The member who asks, and its level. */
  actor: { id: number; level: StaffLevel };
  /** The member (or, for `add`, the account) the change is about; level null: not staff yet. */
  target: { id: number; level: StaffLevel | null };
  change: StaffChange;
  /** How many Root members there are now. */
  rootCount: number;
}

export const STAFF_REFUSAL_CODES = [
  'notManager',
  'managesOnlyTechSales',
  'grantsOnlyTechSales',
  'ownLevelRaise',
  'lastRoot',
] as const;
export type StaffRefusal = (typeof STAFF_REFUSAL_CODES)[number];

/** The server's 403 texts (the web page shows its own translation of the same code). */
export const STAFF_REFUSAL_TEXTS: Readonly<Record<StaffRefusal, string>> = {
  notManager: 'Only Root and Admin staff manage the staff.',
  managesOnlyTechSales: 'An Admin manages only Tech and Sales staff.',
  grantsOnlyTechSales: 'An Admin can give only the Tech or Sales level.',
  ownLevelRaise: 'You cannot raise your own staff level.',
  lastRoot: 'The last Root cannot be removed or lowered.',
};

/** The levels each level may manage, and give. */
const MANAGES: Readonly<Record<StaffLevel, readonly StaffLevel[]>> = {
  root: ['root', 'admin', 'tech', 'sales'],
  admin: ['tech', 'sales'],
  tech: [],
  sales: [],
};

/** The levels a member of `level` may give (to others or, lowering, to itself). */
export function grantableLevels(level: StaffLevel): readonly StaffLevel[] {
  return MANAGES[level];
}

/** Why the change is refused, or null when it is allowed. */
export function staffChangeRefusal(i: StaffRuleInput): StaffRefusal | null {
  const { actor, target, change } = i;
  const manages = MANAGES[actor.level];
  if (manages.length === 0) return 'notManager';
  const self = actor.id === target.id;
  const to = change.kind === 'remove' ? null : change.to;
  if (self && to !== null && STAFF_LEVELS[to] < STAFF_LEVELS[actor.level]) return 'ownLevelRaise';
  // Oneself included: an Admin may not remove or move itself (only Root manages Admins).
  if (target.level !== null && !manages.includes(target.level)) return 'managesOnlyTechSales';
  if (to !== null && !manages.includes(to)) return 'grantsOnlyTechSales';
  const leavesRoot = target.level === 'root' && to !== 'root';
  if (leavesRoot && i.rootCount <= 1) return 'lastRoot';
  return null;
}
