import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Two things Kysely's PostgreSQL driver cannot ask of node-postgres, for the few statements the ingest
 * path runs for every commit (decision 0065): a **named prepared statement** (parsed and planned once
 * per connection, not for each commit) and **COPY FROM STDIN** (PostgreSQL inserts its rows in batches,
 * about half the CPU of an `insert … select from unnest` per row). Kysely passes every query as
 * `client.query(text, parameters)`; the pool's clients are of this class, and a text registered here is
 * run the other way. Every other text is passed on unchanged.
 */
const named = new Map<string, string>();
const copies = new Set<string>();

/** Registers `text` to run as a named prepared statement on every connection; returns the text. */
export function namedStatement(text: string): string {
  if (!named.has(text)) named.set(text, `ew_${named.size + 1}`);
  return text;
}

/**
 * Registers a `copy … from stdin` statement; returns the text. Run it with one parameter, the data in
 * COPY's text format (copyField); the result's `rowCount` is the rows copied.
 */
export function copyStatement(text: string): string {
  if (!/^\s*copy\s.+\sfrom\s+stdin\s*$/is.test(text)) throw new Error(`not a COPY FROM STDIN: ${text}`);
  copies.add(text);
  return text;
}

const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value as one field of COPY's text format: `\N` for null, the four special characters escaped. */
export function copyField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => copyEscapes[c] as string) : value;
}

async function copyIn(client: pg.Client, text: string, data: unknown): Promise<pg.QueryResult> {
  if (typeof data !== 'string') throw new TypeError('a COPY statement takes its data as one string');
  const stream = client.query(copyFrom(text));
  stream.end(data);
  await finished(stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [], oid: 0, fields: [] };
}

/** The pool's client: registered texts run as named statements or COPY (see above). */
export class PostgresClient extends pg.Client {
  // node-postgres' query has a dozen overloads; this one takes them all and changes only (text, values).
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && args.length === 2 && Array.isArray(values)) {
      const name = named.get(text);
      if (name) return super.query({ name, text, values }) as never;
      if (copies.has(text)) return copyIn(this, text, values[0]) as never;
    }
    return (super.query as (...a: unknown[]) => unknown)(...args) as never;
  }
}
