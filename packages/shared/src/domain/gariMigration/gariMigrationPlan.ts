import { isValidEmail, normalizePhone, phoneProblem, usernameProblem } from '../../contracts/account.js';
import { isProbeSerial } from '../isProbeSerial.js';
import {
  GARI_MATERIALS,
  isGariLanguage,
  MAX_GARI_PROBES,
  MAX_GARI_STATIONS,
  type GariAccount,
} from './gariExport.js';

/**
 * What a migration from the older Gari system would do with one account, and every reason it cannot
 * (decision 0102). Pure: the server's check and migration and the page's preview judge by it.
 */

/**
 * The username in Emberwatch:
 * - `free`: nobody has it; the migration creates the account (a Gari user);
 * - `gari`: a Gari user has it (its stations were activated under the Gari service, activation error
 *   22) and no other older account was moved into it: the migration attaches to that account;
 * - `migrated`: this older account was moved in already (to the account named): again changes nothing
 *   but what is missing;
 * - `taken`: someone else has it (a main-system account, or another older account moved in).
 */
export type GariUsernameStatus = 'free' | 'gari' | 'migrated' | 'taken';

/** The migration state recorded per account (started, completed, phone confirmed). */
export const GARI_MIGRATION_STATES = ['started', 'completed', 'phoneConfirmed'] as const;
export type GariMigrationState = (typeof GARI_MIGRATION_STATES)[number];

export interface GariUserNow {
  id: number;
  partnerApp: string | null;
  /** The older account already moved into this user, if any. */
  migratedGariId: string | null;
}

/** What the store holds of the names an account uses. */
export interface GariWorld {
  /** The user holding the account's username now. */
  user: GariUserNow | null;
  /** The user this older account was moved into already (by its gari_id). */
  migratedTo: { userId: number; username: string } | null;
  /** The owner of each of the account's station ids that exists. */
  stationOwners: Readonly<Record<string, number>>;
  /** The station of each of the account's probe ids that exists. */
  probeStations: Readonly<Record<string, string>>;
}

export type GariProblemCode =
  | 'gariIdMissing'
  | 'gariIdDuplicate'
  | 'usernameInvalid'
  | 'usernameTaken'
  | 'nameMissing'
  | 'phoneInvalid'
  | 'emailInvalid'
  | 'languageUnknown'
  | 'noStations'
  | 'tooManyStations'
  | 'stationIdInvalid'
  | 'stationDuplicate'
  | 'stationTaken'
  | 'tooManyProbes'
  | 'probeIdInvalid'
  | 'probeDuplicate'
  | 'probeTaken'
  | 'materialUnknown'
  | 'depthsInvalid';

/** The server's texts (the page shows its own, translated, by the code). */
export const GARI_PROBLEM_MESSAGES: Record<GariProblemCode, string> = {
  gariIdMissing: 'The account has no gari_id.',
  gariIdDuplicate: 'Another account in the file has the same gari_id.',
  usernameInvalid: 'The username is not a valid Emberwatch username.',
  usernameTaken: 'The username belongs to another Emberwatch account.',
  nameMissing: 'The account has neither a name nor a company.',
  phoneInvalid: 'The phone number is missing or not valid (at least 8 digits).',
  emailInvalid: 'The e-mail address is not valid.',
  languageUnknown: 'The language is not one of Emberwatch’s eight.',
  noStations: 'The account has no base stations.',
  tooManyStations: `The account has more than ${MAX_GARI_STATIONS} base stations.`,
  stationIdInvalid: 'A base station id may hold letters, digits, _ and - only (1–32).',
  stationDuplicate: 'The base station is listed twice.',
  stationTaken: 'The base station id is already in use by another Emberwatch account.',
  tooManyProbes: `A base station has more than ${MAX_GARI_PROBES} probes.`,
  probeIdInvalid: 'A probe id is a capital letter, then up to 31 capitals, digits, - or _.',
  probeDuplicate: 'The probe is listed twice.',
  probeTaken: 'The probe is already on another base station in Emberwatch.',
  materialUnknown: 'The probe’s material is not hay, grain or compost.',
  depthsInvalid: 'The probe’s depths are not 1 to 5.',
};

export interface GariProblem {
  code: GariProblemCode;
  /** The station or probe id it is about, or null for the account. */
  subject: string | null;
}

const BS_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** What is wrong with an account by itself, the store aside (ids repeated across the file too). */
export function accountProblems(a: GariAccount, gariIdCount = 1): GariProblem[] {
  const problems: GariProblem[] = [];
  const add = (code: GariProblemCode, subject: string | null = null) => problems.push({ code, subject });
  if (a.gari_id === '') add('gariIdMissing');
  else if (gariIdCount > 1) add('gariIdDuplicate');
  if (usernameProblem(a.username) !== null) add('usernameInvalid');
  if (a.name === '' && a.company === '') add('nameMissing');
  if (phoneProblem(a.phone) !== null) add('phoneInvalid');
  if (a.email !== '' && !isValidEmail(a.email)) add('emailInvalid');
  if (!isGariLanguage(a.language)) add('languageUnknown');
  if (a.stations.length === 0) add('noStations');
  if (a.stations.length > MAX_GARI_STATIONS) add('tooManyStations');
  const stations = new Set<string>();
  const probes = new Set<string>();
  for (const s of a.stations) {
    if (!BS_ID.test(s.id)) add('stationIdInvalid', s.id);
    else if (stations.has(s.id)) add('stationDuplicate', s.id);
    stations.add(s.id);
    if (s.probes.length > MAX_GARI_PROBES) add('tooManyProbes', s.id);
    for (const p of s.probes) {
      if (!isProbeSerial(p.id)) add('probeIdInvalid', p.id);
      else if (probes.has(p.id)) add('probeDuplicate', p.id);
      probes.add(p.id);
      if (!(GARI_MATERIALS as readonly string[]).includes(p.material)) add('materialUnknown', p.id);
      if (!Number.isInteger(p.depths) || p.depths < 1 || p.depths > 5) add('depthsInvalid', p.id);
    }
  }
  return problems;
}

/** Whose the username is (see GariUsernameStatus). */
export function gariUsernameStatus(
  gariId: string,
  user: GariUserNow | null,
  migratedTo: GariWorld['migratedTo'],
): GariUsernameStatus {
  if (migratedTo !== null) return 'migrated';
  if (user === null) return 'free';
  if (user.migratedGariId !== null && user.migratedGariId !== gariId) return 'taken';
  return user.partnerApp === 'gari' ? 'gari' : 'taken';
}

export interface GariMigrationPlan {
  usernameStatus: GariUsernameStatus;
  /** The account it goes into; null: a new one is created. */
  targetUserId: number | null;
  stationsNew: string[];
  stationsKept: string[];
  probesNew: string[];
  probesKept: string[];
  /** The phone as Emberwatch stores it. */
  phone: string;
  problems: GariProblem[];
}

/**
 * What migrating the account would create, what it finds there already (kept, not duplicated), and
 * every problem. A plan with problems is refused whole: nothing of it is created.
 */
export function planGariMigration(a: GariAccount, world: GariWorld, gariIdCount = 1): GariMigrationPlan {
  const problems = accountProblems(a, gariIdCount);
  const usernameStatus = gariUsernameStatus(a.gari_id, world.user, world.migratedTo);
  if (usernameStatus === 'taken') problems.push({ code: 'usernameTaken', subject: null });
  const targetUserId =
    usernameStatus === 'migrated'
      ? world.migratedTo!.userId
      : usernameStatus === 'gari'
        ? world.user!.id
        : null;
  const stationsNew: string[] = [];
  const stationsKept: string[] = [];
  const probesNew: string[] = [];
  const probesKept: string[] = [];
  for (const s of a.stations) {
    const owner = world.stationOwners[s.id];
    if (owner === undefined) stationsNew.push(s.id);
    else if (owner === targetUserId) stationsKept.push(s.id);
    else problems.push({ code: 'stationTaken', subject: s.id });
    for (const p of s.probes) {
      const on = world.probeStations[p.id];
      if (on === undefined) probesNew.push(p.id);
      else if (on === s.id && owner !== undefined && owner === targetUserId) probesKept.push(p.id);
      else problems.push({ code: 'probeTaken', subject: p.id });
    }
  }
  return {
    usernameStatus,
    targetUserId,
    stationsNew,
    stationsKept,
    probesNew,
    probesKept,
    phone: phoneProblem(a.phone) === null ? normalizePhone(a.phone) : a.phone,
    problems,
  };
}

/** How many accounts of the file use each gari_id (a repeated one is a problem of each). */
export function gariIdCounts(accounts: readonly GariAccount[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of accounts) counts.set(a.gari_id, (counts.get(a.gari_id) ?? 0) + 1);
  return counts;
}

/** The phone code may be sent and confirmed once the account is moved in, until it is confirmed. */
export function mayConfirmGariPhone(state: GariMigrationState | null): 'ok' | 'notMigrated' | 'confirmed' {
  if (state === null || state === 'started') return 'notMigrated';
  return state === 'phoneConfirmed' ? 'confirmed' : 'ok';
}
