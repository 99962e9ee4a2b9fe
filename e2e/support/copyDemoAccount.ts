import Database from 'better-sqlite3';
import path from 'node:path';
import { dataDir } from './app.js';

/**
 * Makes an account in the worker's own store as a copy of a demo account's row (same password; its data
 * and the grants keyed by its id are not copied) with `set` written over it, and returns its id. No call
 * makes a customer, partner, translator or grand master account, and the demo accounts are shared with
 * the other specs, so a walk that changes an account makes its own. Idempotent: an account of that name
 * already there is returned as it is.
 */
export function copyDemoAccount(
  username: string,
  from: string,
  set: Record<string, number | string | null> = {},
): number {
  const db = new Database(path.join(dataDir(), 'emberwatch.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const existing = db.prepare('select id from users where username = ?').get(username) as
      { id: number } | undefined;
    if (existing) return existing.id;
    const row = db.prepare('select * from users where username = ?').get(from) as Record<string, unknown>;
    const { id: _id, ...copy } = row;
    const values = { ...copy, username, email: null, phone: null, sub_user_count: 0, ...set };
    const columns = Object.keys(values);
    const info = db
      .prepare(`insert into users (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`)
      .run(values);
    return Number(info.lastInsertRowid);
  } finally {
    db.close();
  }
}
