import { LANGUAGES } from '../../contracts/preferences.js';

/**
 * The older Gari system's export (docs/gari-export-format.md, decision 0102): one JSON file an
 * operator uploads on /admin/gari-migration. Parsed here without zod, so the web page reads the file
 * with the same rule the server's schema applies, and zod stays out of the browser's entry bundle.
 */
export const GARI_EXPORT_FORMAT = 'gari-export';
export const GARI_EXPORT_VERSION = 1;
/** Accounts a file may hold, and a check request names at most. */
export const MAX_GARI_ACCOUNTS = 500;
export const MAX_GARI_STATIONS = 50;
export const MAX_GARI_PROBES = 200;
/** The whole file, characters. */
export const MAX_GARI_EXPORT_CHARS = 2_000_000;

export const GARI_MATERIALS = ['hay', 'grain', 'compost'] as const;
export type GariMaterial = (typeof GARI_MATERIALS)[number];

export interface GariProbe {
  id: string;
  name: string;
  material: GariMaterial;
  /** Measuring depths along the probe (1–5); the older system's probes have three. */
  depths: number;
}

export interface GariStation {
  id: string;
  name: string;
  probes: GariProbe[];
}

export interface GariAccount {
  /** The account's id in the older system: what makes a second migration of it the same one. */
  gari_id: string;
  username: string;
  /** The person's name. */
  name: string;
  /** The farm or company (Emberwatch keeps it in lastname, as for every account). */
  company: string;
  phone: string;
  email: string;
  language: string;
  stations: GariStation[];
}

/** What makes a whole file unreadable (the page shows it and nothing else). */
export type GariFileProblem = 'tooLarge' | 'notJson' | 'notGariExport' | 'version' | 'noAccounts' | 'tooMany';

export const GARI_FILE_MESSAGES: Record<GariFileProblem, string> = {
  tooLarge: 'The file is larger than 2 MB.',
  notJson: 'The file is not JSON.',
  notGariExport: 'The file is not a Gari export (its "format" is not "gari-export").',
  version: 'The file is of an export version this server does not read (it reads version 1).',
  noAccounts: 'The file holds no accounts.',
  tooMany: `The file holds more than ${MAX_GARI_ACCOUNTS} accounts; export them in parts.`,
};

export type GariExportParse =
  { ok: true; accounts: GariAccount[]; exported: string | null } | { ok: false; problem: GariFileProblem };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A field as text: numbers (ids exported as numbers) become text, anything else empty. */
const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function probeOf(v: unknown): GariProbe {
  const p = isObj(v) ? v : {};
  const material = text(p.material).toLowerCase();
  const depths = typeof p.depths === 'number' && Number.isInteger(p.depths) ? p.depths : 3;
  return {
    id: text(p.id),
    name: text(p.name),
    // An unknown material is kept as written, so the check can name it (accountProblems).
    material: (material === '' ? 'hay' : material) as GariMaterial,
    depths,
  };
}

function stationOf(v: unknown): GariStation {
  const s = isObj(v) ? v : {};
  return { id: text(s.id), name: text(s.name), probes: list(s.probes).map(probeOf) };
}

/** One account as the file has it, every field text (missing: empty), for the checks to judge. */
export function gariAccountOf(v: unknown): GariAccount {
  const a = isObj(v) ? v : {};
  return {
    gari_id: text(a.gari_id),
    username: text(a.username),
    name: text(a.name),
    company: text(a.company),
    phone: text(a.phone),
    email: text(a.email),
    language: text(a.language).toLowerCase() || 'en',
    stations: list(a.stations).map(stationOf),
  };
}

/** Reads an export file's text: its accounts, or why the file as a whole cannot be read. */
export function parseGariExport(content: string): GariExportParse {
  if (content.length > MAX_GARI_EXPORT_CHARS) return { ok: false, problem: 'tooLarge' };
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  if (!isObj(data) || data.format !== GARI_EXPORT_FORMAT) return { ok: false, problem: 'notGariExport' };
  if (data.version !== GARI_EXPORT_VERSION) return { ok: false, problem: 'version' };
  const accounts = list(data.accounts);
  if (accounts.length === 0) return { ok: false, problem: 'noAccounts' };
  if (accounts.length > MAX_GARI_ACCOUNTS) return { ok: false, problem: 'tooMany' };
  return {
    ok: true,
    accounts: accounts.map(gariAccountOf),
    exported: typeof data.exported === 'string' ? data.exported : null,
  };
}

export const isGariLanguage = (l: string): boolean => (LANGUAGES as readonly string[]).includes(l);
