import type { Verdict, Who } from '../../src/http/access/index.js';

/**
 * The rows of every policy table (apps/server/src/features/<feature>/<feature>.policy.ts): each role
 * as the policies see it towards one account. A new role (an operator-console level, an advisor) is a
 * new row here, and each table then says what it may do.
 */
const nobody: Who = {
  relation: 'stranger',
  staff: null,
  master: false,
  grandMaster: false,
  subUser: false,
  visitor: false,
};

export const ROWS = {
  owner: { ...nobody, relation: 'owner' },
  subUser: { ...nobody, relation: 'subUser', subUser: true },
  master: { ...nobody, relation: 'master', master: true },
  grandMaster: { ...nobody, relation: 'master', master: true, grandMaster: true },
  /** A master on its own account (its profile, its phone). */
  masterItself: { ...nobody, relation: 'owner', master: true },
  root: { ...nobody, staff: 'root' },
  admin: { ...nobody, staff: 'admin' },
  tech: { ...nobody, staff: 'tech' },
  sales: { ...nobody, staff: 'sales' },
  /** The public demo login, on its own (demo-mode) account. */
  visitor: { ...nobody, relation: 'owner', visitor: true },
  /** Another account's owner (the visitor naming this account is one too). */
  otherAccount: nobody,
} as const satisfies Record<string, Who>;

export type RowName = keyof typeof ROWS;
export const ROW_NAMES = Object.keys(ROWS) as RowName[];

/** A verdict as a table cell: `yes`, or the refusal's status and words. */
export function cell(v: Verdict): string {
  return v === true ? 'yes' : `${v.status} ${v.reason}`;
}

/** Each row's answer, as a record: one `toEqual` shows the whole table when a cell changes. */
export function tableOf<T>(f: (who: Who) => T): Record<RowName, T> {
  return Object.fromEntries(ROW_NAMES.map((r) => [r, f(ROWS[r])])) as Record<RowName, T>;
}
