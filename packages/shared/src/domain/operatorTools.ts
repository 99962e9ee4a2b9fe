/**
 * The operator's tools and which staff levels may use each (spec doc 1 §4 and doc 3 §6: staff levels
 * Root 0, Admin 1, Tech 2, Sales 3, stored as the user's admin_group). One row per tool: the server
 * asks `mayUseOperatorTool` (apps/server/src/http/access/operator.ts) and nothing else, so the
 * operator console gives a level its tools by changing a row, not by adding checks.
 *
 * Most tools are every level's still: the console that tells the levels apart is built with the
 * operator console (its staff page). Issue 30 item 8's first split: every level reads the stations'
 * call logs, Sales does not switch a station's detailed logging; the audit trail is Root's and
 * Admin's (decision 0089).
 */
import { STAFF_LEVELS } from './roles.js';

export type StaffLevel = keyof typeof STAFF_LEVELS;
/** The levels by their number (admin_group). */
export const STAFF_LEVEL_NAMES = Object.keys(STAFF_LEVELS) as StaffLevel[];

const ALL: readonly StaffLevel[] = STAFF_LEVEL_NAMES;
/** The levels that manage stations (Root, Admin, Tech): Sales reads. */
const STATION_STAFF: readonly StaffLevel[] = ['root', 'admin', 'tech'];
/**
 * Root and Admin only: the audit trail shows every staff member's work and which customers they
 * looked at, so the levels it watches (Tech, Sales) do not read it (decision 0089).
 */
const OVERSEERS: readonly StaffLevel[] = ['root', 'admin'];

export interface OperatorTool {
  /** The staff levels that may use it. */
  levels: readonly StaffLevel[];
  /** The refusal (403) for everyone else. */
  refusal: string;
}

export const OPERATOR_TOOLS = {
  kitList: { levels: ALL, refusal: 'Only admins see the kits.' },
  kitRegistration: { levels: ALL, refusal: 'Only admins register kits.' },
  kitActivation: { levels: ALL, refusal: 'Only admins activate kits without their code.' },
  probeSetRemoval: { levels: ALL, refusal: 'Only admins remove probe sets.' },
  activationUndo: { levels: ALL, refusal: 'Only admins undo activations.' },
  controllerRegistration: { levels: ALL, refusal: 'Only administrators register fan controllers.' },
  probeAnalysis: { levels: ALL, refusal: 'Only admins may see the probe analysis.' },
  outbox: { levels: ALL, refusal: 'Only administrators can read the outbox.' },
  sentCodes: { levels: ALL, refusal: 'Only admins can read the sent messages.' },
  fakeProviderPlay: { levels: ALL, refusal: 'Only administrators can play the fake provider.' },
  fakeProviderRead: { levels: ALL, refusal: 'Only administrators can read the fake provider.' },
  voiceCalls: { levels: ALL, refusal: 'Only administrators can switch voice calls for an account.' },
  plans: { levels: ALL, refusal: 'Only admins can do this.' },
  insightService: { levels: ALL, refusal: 'Only admins can do this.' },
  migrationSettings: { levels: ALL, refusal: 'Only admins can do this.' },
  stationLogs: { levels: ALL, refusal: 'Only admins read the base stations’ call logs.' },
  stationLogging: {
    levels: STATION_STAFF,
    refusal: 'Only Root, Admin and Tech staff switch a station’s detailed logging.',
  },
  // The admin bar and its station picker (decision 0088): every level reads the fleet (Sales too, to
  // answer a customer's call); what a level may change there is each change's own row.
  adminBar: { levels: ALL, refusal: 'Only admins see the admin bar.' },
  stationSearch: { levels: ALL, refusal: 'Only admins search every base station.' },
  // Firmware updates (decision 0093): every level reads a station's update state (Sales answers the
  // customer), Root, Admin and Tech assign and cancel updates and add images.
  otaRead: { levels: ALL, refusal: 'Only admins see the firmware updates.' },
  otaManage: {
    levels: STATION_STAFF,
    refusal: 'Only Root, Admin and Tech staff assign firmware updates and add firmware images.',
  },
  auditLog: { levels: OVERSEERS, refusal: 'Only Root and Admin staff can read the audit trail.' },
} as const satisfies Record<string, OperatorTool>;
export type OperatorToolName = keyof typeof OPERATOR_TOOLS;

/** A user as the staff rules see it: the admin flag and the staff level's number (admin_group). */
export interface StaffContext {
  admin: boolean;
  adminGroup: number | null;
}

/** The staff level of an admin; an admin without a stored level is an Admin (1), not Root. */
export function staffLevelOf(adminGroup: number | null): StaffLevel {
  return (
    STAFF_LEVEL_NAMES.find((name) => STAFF_LEVELS[name] === (adminGroup ?? STAFF_LEVELS.admin)) ?? 'admin'
  );
}

export function mayUseOperatorTool(who: StaffContext, tool: OperatorToolName): boolean {
  return who.admin && OPERATOR_TOOLS[tool].levels.includes(staffLevelOf(who.adminGroup));
}
