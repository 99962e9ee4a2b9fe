/**
 * SIM cards of the base stations (issue 30 items 3 and 6, spec doc 2 §3 "SIM, SIMstatus,
 * SIMstatusDate", §4 "SIM status: Active (default), Paused, Deactivated, Terminated"; decision 0092):
 * the SIM number's rule, the status changes the operator allows, and the operator's CSV export as the
 * console reads it. Pure: the web previews an import with the same rules the server stores it by.
 */
import { luhnValid } from './luhn.js';

export const SIM_STATUSES = ['Active', 'Paused', 'Deactivated', 'Terminated'] as const;
export type SimStatus = (typeof SIM_STATUSES)[number];

/** The spec's default status of a SIM nobody changed. */
export const DEFAULT_SIM_STATUS: SimStatus = 'Active';

/** The most SIMs one check or one import request takes (the page sends a larger file in parts). */
export const MAX_SIMS_PER_REQUEST = 500;

/** The validity overview looks this many days ahead (and back, for what expired) at most. */
export const MAX_VALIDITY_DAYS = 366;
export const DEFAULT_VALIDITY_DAYS = 30;

/**
 * A SIM number as people type it: spaces and dashes go (ICCIDs are printed in groups), a trailing
 * filler F some exports add goes too.
 */
export function normalizeIccid(input: string): string {
  return input.replace(/[\s-]/g, '').replace(/[fF]$/, '');
}

export type IccidProblem = 'format' | 'checkDigit';

/**
 * What is wrong with a normalized SIM number, or null: an ICCID (ITU-T E.118) is 19 or 20 digits,
 * starts with 89 (telecommunications) and ends with its Luhn check digit. 18-digit numbers without
 * the check digit are refused: a mistyped digit must not reach the operator as another card.
 */
export function iccidProblem(iccid: string): IccidProblem | null {
  if (!/^89\d{17,18}$/.test(iccid)) return 'format';
  return luhnValid(iccid) ? null : 'checkDigit';
}

export const ICCID_MESSAGES: Record<IccidProblem, string> = {
  format: 'A SIM number (ICCID) is 19 or 20 digits starting with 89.',
  checkDigit: 'The SIM number’s last digit (its check digit) does not match: a digit is mistyped.',
};

export type SimTransitionRefusal = 'terminated' | 'same';

/**
 * Whether a SIM may go from `from` to `to`: a terminated SIM is gone at the operator (it cannot be
 * reactivated, paused or deactivated); any other status may become any other. Asking for the status
 * it has is no change.
 */
export function simTransition(from: SimStatus, to: SimStatus): SimTransitionRefusal | null {
  if (from === to) return 'same';
  if (from === 'Terminated') return 'terminated';
  return null;
}

/** The operator's state words (its API and its CSV) and ours. */
export const OPERATOR_STATES: Record<SimStatus, string> = {
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Deactivated: 'DEACTIVATED',
  Terminated: 'TERMINATED',
};

/** A state as the operator or a person writes it (ACTIVE, active, Active), or null. */
export function simStatusOf(word: string): SimStatus | null {
  const w = word.trim().toUpperCase();
  return SIM_STATUSES.find((s) => OPERATOR_STATES[s] === w) ?? null;
}

/** The SIM numbers in a pasted text: separated by new lines, commas, semicolons or tabs. */
export function simNumbersIn(text: string): string[] {
  return text
    .split(/[\n\r,;\t]+/)
    .map((s) => normalizeIccid(s.trim()))
    .filter((s) => s !== '');
}

/** A date of the export: YYYY-MM-DD (midnight UTC) or ISO 8601 with a time; epoch s, or undefined. */
export function exportDateOf(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(t))
    return undefined;
  const iso =
    t.length === 10 ? `${t}T00:00:00Z` : /Z|[+-]\d{2}:?\d{2}$/.test(t) ? t : `${t.replace(' ', 'T')}Z`;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

/** The columns of the operator's CSV export, by the header names it uses (case and spaces ignored). */
const COLUMN_NAMES: Record<string, 'iccid' | 'msisdn' | 'imsi' | 'status' | 'statusDate' | 'expires'> = {
  iccid: 'iccid',
  msisdn: 'msisdn',
  imsi: 'imsi',
  state: 'status',
  status: 'status',
  statechanged: 'statusDate',
  statusdate: 'statusDate',
  statechangedat: 'statusDate',
  expires: 'expires',
  expirydate: 'expires',
  expiresat: 'expires',
};

export type SimCsvError = 'iccidFormat' | 'iccidCheckDigit' | 'status' | 'date' | 'duplicate' | 'columns';

export const SIM_CSV_MESSAGES: Record<SimCsvError, string> = {
  iccidFormat: ICCID_MESSAGES.format,
  iccidCheckDigit: ICCID_MESSAGES.checkDigit,
  status: 'The status is none of ACTIVE, PAUSED, DEACTIVATED, TERMINATED.',
  date: 'A date is not YYYY-MM-DD or an ISO 8601 time.',
  duplicate: 'This SIM is on an earlier line of the file already.',
  columns: 'The line has fewer columns than the header.',
};

export interface SimCsvRow {
  /** The line of the file (1 is the header). */
  line: number;
  iccid: string;
  msisdn: string | null;
  imsi: string | null;
  /** The operator's status; missing in the file: Active (the spec's default). */
  status: SimStatus;
  /** When the status began, epoch s; null when the file does not say. */
  status_ts: number | null;
  exp_ts: number | null;
}

export type SimCsvLine =
  { ok: true; row: SimCsvRow } | { ok: false; line: number; iccid: string; error: SimCsvError };

export type SimCsv = { ok: true; lines: SimCsvLine[] } | { ok: false; error: 'empty' | 'noIccidColumn' };

/** Splits one CSV line (quotes as RFC 4180: "a;b" and "" inside quotes). */
function cells(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

/**
 * The operator's CSV export (docs/decisions/0092): a header line naming the columns (ICCID is
 * required; MSISDN, IMSI, State, StateChanged, Expires are read when there), separated by commas or
 * semicolons (the header says which), one SIM a line. Each line is judged on its own; a SIM twice in
 * the file is refused the second time.
 */
export function parseSimCsv(text: string): SimCsv {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  if (headerAt < 0) return { ok: false, error: 'empty' };
  const header = lines[headerAt]!;
  const sep = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
  const names = cells(header, sep).map((h) => COLUMN_NAMES[h.toLowerCase().replace(/[\s_-]/g, '')]);
  const at = (key: string) => names.indexOf(key as never);
  const col = {
    iccid: at('iccid'),
    msisdn: at('msisdn'),
    imsi: at('imsi'),
    status: at('status'),
    statusDate: at('statusDate'),
    expires: at('expires'),
  };
  if (col.iccid < 0) return { ok: false, error: 'noIccidColumn' };
  const seen = new Set<string>();
  const out: SimCsvLine[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const line = i + 1;
    const c = cells(raw, sep);
    const iccid = normalizeIccid(c[col.iccid] ?? '');
    const fail = (error: SimCsvError): SimCsvLine => ({ ok: false, line, iccid, error });
    if (c.length < names.length) {
      out.push(fail('columns'));
      continue;
    }
    const problem = iccidProblem(iccid);
    if (problem) {
      out.push(fail(problem === 'format' ? 'iccidFormat' : 'iccidCheckDigit'));
      continue;
    }
    const text = (k: number) => (k < 0 || c[k] === '' ? null : c[k]!);
    const statusText = text(col.status);
    const status = statusText === null ? DEFAULT_SIM_STATUS : simStatusOf(statusText);
    if (status === null) {
      out.push(fail('status'));
      continue;
    }
    const dates = [text(col.statusDate), text(col.expires)].map((d) => (d === null ? null : exportDateOf(d)));
    if (dates.includes(undefined)) {
      out.push(fail('date'));
      continue;
    }
    if (seen.has(iccid)) {
      out.push(fail('duplicate'));
      continue;
    }
    seen.add(iccid);
    out.push({
      ok: true,
      row: {
        line,
        iccid,
        msisdn: text(col.msisdn),
        imsi: text(col.imsi),
        status,
        status_ts: dates[0] ?? null,
        exp_ts: dates[1] ?? null,
      },
    });
  }
  return { ok: true, lines: out };
}

/** A part of a CSV: its text (with the header) and what to add to its line numbers to get the file's. */
export interface CsvPart {
  csv: string;
  lineOffset: number;
}

/**
 * A CSV in parts of at most `rows` data lines, each with the header (the page sends a large export
 * a part at a time; each part is one request and one transaction).
 */
export function csvParts(text: string, rows = MAX_SIMS_PER_REQUEST): CsvPart[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  if (headerAt < 0) return [];
  const header = lines[headerAt]!;
  const parts: CsvPart[] = [];
  let part: string[] = [];
  let n = 0;
  let first = 0;
  for (let i = headerAt + 1; i < lines.length; i++) {
    const l = lines[i]!;
    const blank = l.trim() === '';
    if (blank && part.length === 0) continue;
    // The part's line 2 is the file's line i + 1; blank lines inside a part stay, to keep the count.
    if (part.length === 0) first = i + 1 - 2;
    part.push(l);
    if (!blank && ++n === rows) {
      parts.push({ csv: [header, ...part].join('\n'), lineOffset: first });
      part = [];
      n = 0;
    }
  }
  while (part.length > 0 && part[part.length - 1]!.trim() === '') part.pop();
  if (n > 0) parts.push({ csv: [header, ...part].join('\n'), lineOffset: first });
  return parts;
}
