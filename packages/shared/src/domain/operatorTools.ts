/**
 * The operator's tools and which staff levels may use each (spec doc 1 §4 and doc 3 §6: staff levels
 * Root 0, Admin 1, Tech 2, Sales 3, stored as the user's admin_group). One row per tool: the server
 * asks `mayUseOperatorTool` (apps/server/src/http/access/operator.ts) and nothing else, so the
 * operator console gives a level its tools by changing a row, not by adding checks.
 *
 * The levels (issue 30 item 8, decision 0097): Sales reads everything the console shows, to answer a
 * customer's call, and changes nothing; Tech also manages the fleet (kits, stations, probe sets,
 * controllers, their logging, SIMs and firmware); Admin and Root also change what the customer pays
 * for and is served (plans, services, voice calls, migration) and read the audit trail (decision
 * 0089). Root alone edits every language's translations (translations.policy). docs/roles.md shows
 * this table (`renderOperatorTools`), and apps/server/test/staffLevels.test.ts calls every operator
 * call as every level and as non-staff.
 */
import { STAFF_LEVELS } from './roles.js';

export type StaffLevel = keyof typeof STAFF_LEVELS;
/** The levels by their number (admin_group). */
export const STAFF_LEVEL_NAMES = Object.keys(STAFF_LEVELS) as StaffLevel[];

const LEVEL_LABELS: Record<StaffLevel, string> = {
  root: 'Root',
  admin: 'Admin',
  tech: 'Tech',
  sales: 'Sales',
};

/** Every level: the console's reads. */
const READERS: readonly StaffLevel[] = STAFF_LEVEL_NAMES;
/** The levels that manage the fleet (Root, Admin, Tech): Sales reads. */
const FLEET: readonly StaffLevel[] = ['root', 'admin', 'tech'];
/**
 * Root and Admin: what the customer pays for and is served, and the audit trail (it shows every
 * staff member's work and which customers they looked at, so the levels it watches do not read it).
 */
const OVERSEERS: readonly StaffLevel[] = ['root', 'admin'];

export interface OperatorTool {
  /** What the tool is, as docs/roles.md names it. */
  does: string;
  /** The staff levels that may use it. */
  levels: readonly StaffLevel[];
  /** The refusal (403) for everyone else. */
  refusal: string;
}

export const OPERATOR_TOOLS = {
  adminBar: { does: 'the admin bar', levels: READERS, refusal: 'Only admins see the admin bar.' },
  stationSearch: {
    does: 'search every base station',
    levels: READERS,
    refusal: 'Only admins search every base station.',
  },
  kitList: { does: 'read the kits', levels: READERS, refusal: 'Only admins see the kits.' },
  kitRegistration: {
    does: 'register stations and probe sets',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff register kits.',
  },
  kitActivation: {
    does: 'activate a kit for a customer without its code',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff activate kits without their code.',
  },
  probeSetRemoval: {
    does: 'remove a probe set',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff remove probe sets.',
  },
  activationUndo: {
    does: 'undo an activation',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff undo activations.',
  },
  controllerRegistration: {
    does: 'register fan controllers',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff register fan controllers.',
  },
  probeAnalysis: {
    does: 'read a probe’s analysis',
    levels: READERS,
    refusal: 'Only admins may see the probe analysis.',
  },
  stationLogs: {
    does: 'read the stations’ call logs',
    levels: READERS,
    refusal: 'Only admins read the base stations’ call logs.',
  },
  stationLogging: {
    does: 'switch a station’s detailed logging',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff switch a station’s detailed logging.',
  },
  outbox: { does: 'read the outbox', levels: READERS, refusal: 'Only administrators can read the outbox.' },
  sentCodes: {
    does: 'read the codes sent by SMS',
    levels: READERS,
    refusal: 'Only admins can read the sent messages.',
  },
  fakeProviderRead: {
    does: 'read the stand-in providers',
    levels: READERS,
    refusal: 'Only administrators can read the fake provider.',
  },
  fakeProviderPlay: {
    does: 'play a customer’s replies to the stand-in providers',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff can play the fake provider.',
  },
  sentinelTargets: {
    does: 'set an account’s Sentinel targets',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff can set Sentinel targets.',
  },
  voiceCalls: {
    does: 'switch voice calls for an account (they cost money)',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff can switch voice calls for an account.',
  },
  plans: {
    does: 'set an account’s plan',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff can set a plan.',
  },
  services: {
    does: 'read the services registered for customers',
    levels: READERS,
    refusal: 'Only admins see the registered services.',
  },
  serviceRegistration: {
    does: 'register a service for an account (storages, users allowance, limited data)',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff register services.',
  },
  insightService: {
    does: 'set an account’s service and trial',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff can set a service.',
  },
  migrationStatus: {
    does: 'read the migration’s settings and count',
    levels: READERS,
    refusal: 'Only admins can read the migration settings.',
  },
  migrationSettings: {
    does: 'open or close the migration',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff can change the migration settings.',
  },
  // The live connections, RC test responses and field systems (decision 0096).
  liveConnections: {
    does: 'read the live connections',
    levels: READERS,
    refusal: 'Only admins see the live connections.',
  },
  liveSwitches: {
    does: 'switch a client’s or the server’s live connections',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff switch live connections.',
  },
  rcTests: {
    does: 'read the fan controllers and their test responses',
    levels: READERS,
    refusal: 'Only admins see the fan controllers’ test responses.',
  },
  rcTestResponses: {
    does: 'set a fan controller’s test response',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff set a fan controller’s test response.',
  },
  fieldSystems: {
    does: 'read the field systems (fan controllers)',
    levels: READERS,
    refusal: 'Only admins see the field systems.',
  },
  // SIMs (decision 0092): every level reads them and the validity overview (Sales answers renewals);
  // changing one (its station, status, expiry, an import) costs money at the operator: the fleet's.
  sims: { does: 'read the SIMs', levels: READERS, refusal: 'Only admins see the SIMs.' },
  simChanges: {
    does: 'change a SIM: its station, status, expiry; import the operator’s export',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff change SIMs.',
  },
  validityOverview: {
    does: 'read the plans and SIMs about to expire',
    levels: READERS,
    refusal: 'Only admins see the validity overview.',
  },
  // A station's tools in its settings (decision 0094): the fleet's levels replace, remove, group and
  // add stations; every level reads the replacement history and the probe stop settings.
  stationReplacement: {
    does: 'replace a base station by another',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff replace base stations.',
  },
  replacementHistory: {
    does: 'read a station’s replacement history',
    levels: READERS,
    refusal: 'Only admins read the replacement history.',
  },
  // Merging accounts (decision 0101) moves a customer's whole account into another, one-way: the
  // levels that change what a customer is served; the check belongs to the same dialog.
  accountMerge: {
    does: 'merge a customer account into another (one-way)',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff merge accounts.',
  },
  stationRemoval: {
    does: 'remove a base station from an account',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff remove base stations.',
  },
  stationGrouping: {
    does: 'group an account’s base stations',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff group base stations.',
  },
  stationAddition: {
    does: 'add a base station to a customer by its activation code',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff add base stations to a customer’s account.',
  },
  probeStopRead: {
    does: 'read the fleet’s probe stop settings',
    levels: READERS,
    refusal: 'Only admins read the probe stop settings.',
  },
  probeStopSettings: {
    does: 'change the fleet’s probe stop settings (every account’s data breaks)',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff change the probe stop settings.',
  },
  // The diagnostics (decision 0095): the servers' log, the access log, the jobs and the Gari system's
  // calls are the fleet's levels'; the registered ids and the stations' factory tests every level reads.
  serverDiagnostics: {
    does: 'read the server logs, the access log, the jobs and the Gari calls',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff read the server logs.',
  },
  registrations: {
    does: 'read the registered ids and the stations’ factory tests',
    levels: READERS,
    refusal: 'Only admins read the registrations.',
  },
  // Firmware updates (decision 0093): every level reads a station's update state (Sales answers the
  // customer); the fleet's levels assign and cancel updates and add images.
  otaRead: {
    does: 'read the firmware images and stations’ updates',
    levels: READERS,
    refusal: 'Only admins see the firmware updates.',
  },
  otaManage: {
    does: 'assign and cancel firmware updates, add firmware images',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff assign firmware updates and add firmware images.',
  },
  // The migration from the older Gari system (decision 0102): every level checks an export and reads
  // the migrations (Sales answers the customer); moving an account in and confirming its phone change
  // what the customer is served: Root's and Admin's.
  gariMigrationCheck: {
    does: 'check a Gari export and read the migrations',
    levels: READERS,
    refusal: 'Only admins check Gari migrations.',
  },
  gariMigration: {
    does: 'migrate a Gari account and confirm its phone',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff migrate Gari accounts.',
  },
  // Broadcasts and news (decision 0100): every level reads who an audience reaches, the past
  // broadcasts and the news campaigns; sending (it costs money and reaches every customer) and
  // changing what every customer's news dialog shows are Root's and Admin's.
  broadcasts: {
    does: 'read the broadcasts’ audiences, past broadcasts and news campaigns',
    levels: READERS,
    refusal: 'Only admins see the broadcasts.',
  },
  broadcastSend: {
    does: 'send a broadcast by SMS or e-mail',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff send broadcasts.',
  },
  newsCampaigns: {
    does: 'create, change and delete news campaigns',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff change the news campaigns.',
  },
  // The customers (decision 0098): every level reads the lists, the map and a customer's facts (Sales
  // answers the phone); the fleet's levels, who set up a customer's kit, make the account for it and
  // place it on the map. Its plan and service stay the overseers' (plans, insightService).
  customers: {
    does: 'read the customers, their locations and a customer’s facts',
    levels: READERS,
    refusal: 'Only admins see the customers.',
  },
  customerRegistration: {
    does: 'register a customer’s account (its first login is e-mailed)',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff register customers.',
  },
  customerLocation: {
    does: 'set a customer’s location on the map',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff set a customer’s location.',
  },
  // The staff (decision 0099): every level reads the list (who to ask); Root and Admin manage it, by
  // the rules of domain/staff/staffRules.ts. Opening a customer's session (loginAdmin) gives the
  // customer's own rights to change things: the fleet's levels, not Sales, who changes nothing.
  staffList: {
    does: 'read the staff and their levels',
    levels: READERS,
    refusal: 'Only admins see the staff.',
  },
  staffManagement: {
    does: 'add and remove staff, set a staff member’s level',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff manage the staff.',
  },
  customerSession: {
    does: 'open a customer’s session (loginAdmin)',
    levels: FLEET,
    refusal: 'Only Root, Admin and Tech staff open a customer’s session.',
  },
  auditLog: {
    does: 'read the audit trail',
    levels: OVERSEERS,
    refusal: 'Only Root and Admin staff can read the audit trail.',
  },
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

/** The rule the rights tables (readRights.ts, writeRights.ts) show for a tool's calls. */
export function operatorToolRule(tool: OperatorToolName): string {
  return `operator tool ${tool}: ${OPERATOR_TOOLS[tool].levels.map((l) => LEVEL_LABELS[l]).join(', ')}`;
}

/** Whether a staff level (null: not staff) may use the tool: the policies' form of the same rule. */
export function staffMay(level: StaffLevel | null, tool: OperatorToolName): boolean {
  return level !== null && OPERATOR_TOOLS[tool].levels.includes(level);
}

/**
 * The tools as docs/roles.md shows them (`callsOf`: each tool's calls, `METHOD /path`): one row per
 * tool, a column per level.
 */
export function renderOperatorTools(callsOf: (tool: OperatorToolName) => readonly string[]): string {
  const head = `| Tool | Calls | ${STAFF_LEVEL_NAMES.map((l) => LEVEL_LABELS[l]).join(' | ')} |`;
  const rule = `| --- | --- | ${STAFF_LEVEL_NAMES.map(() => '---').join(' | ')} |`;
  const rows = (Object.keys(OPERATOR_TOOLS) as OperatorToolName[]).map((tool) => {
    const t = OPERATOR_TOOLS[tool];
    const calls = callsOf(tool).map((c) => `\`${c}\``);
    const cells = STAFF_LEVEL_NAMES.map((l) => ((t.levels as readonly string[]).includes(l) ? 'yes' : 'no'));
    return `| ${t.does} | ${calls.join('<br>') || '—'} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}
