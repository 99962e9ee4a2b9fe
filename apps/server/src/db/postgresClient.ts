import type { Writable } from 'node:stream';
import pg from 'pg';

/**
 * Two things Kysely's PostgreSQL driver cannot ask of node-postgres, for the few statements the ingest
 * path runs for every commit (decision 0065): a **named prepared statement** (parsed and planned once
 * per connection, not for each commit) and **COPY FROM STDIN** (PostgreSQL inserts its rows in batches,
 * about half the CPU of an `insert … select from unnest` per row). Kysely passes every query as
 * `client.query(text, parameters)`; the pool's clients are of this class, and a text registered here is
 * run the other way. Every other text is passed on unchanged.
 */
const named = new Map<string, string>();
/** A registered COPY text → how many COPY statements it holds. */
const copies = new Map<string, number>();

/** Registers `text` to run as a named prepared statement on every connection; returns the text. */
export function namedStatement(text: string): string {
  if (!named.has(text)) named.set(text, `ew_${named.size + 1}`);
  return text;
}

/**
 * Registers one or more `copy … from stdin` statements, joined by `;`, as one query; returns the text.
 * Run it with one parameter per statement, its data in COPY's text format (copyField): the result has
 * one row per statement, `{ n }` the rows it copied. One failing statement fails the query, and the
 * statements after it do not run.
 */
export function copyStatement(text: string): string {
  const statements = text.split(';');
  for (const statement of statements)
    if (!/^\s*copy\s.+\sfrom\s+stdin\s*$/is.test(statement))
      throw new Error(`not a COPY FROM STDIN: ${statement}`);
  copies.set(text, statements.length);
  return text;
}

const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value as one field of COPY's text format: `\N` for null, the four special characters escaped. */
export function copyField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => copyEscapes[c] as string) : value;
}

/** The part of node-postgres' connection a submitted query writes to. */
interface Connection {
  query(text: string): void;
  stream: Writable;
}

const COPY_DONE = Buffer.from([0x63, 0, 0, 0, 4]);

/**
 * COPY FROM STDIN as node-postgres runs a query it is given (a "submittable"): the statements, each
 * one's data and the end of that data go out in one write, so the copies cost one round trip. PostgreSQL
 * reads each statement's data once it has answered the statement; after an error it skips the copy data
 * still to come, as the protocol says it does, so a statement that fails leaves the rest unread.
 */
class CopyIn {
  readonly done: Promise<pg.QueryResult>;
  private settle!: { resolve: (r: pg.QueryResult) => void; reject: (e: unknown) => void };
  private readonly copied: { n: number }[] = [];
  private failed: unknown;

  constructor(
    private readonly text: string,
    private readonly data: Buffer[],
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: Connection): void {
    connection.stream.cork();
    connection.query(this.text);
    for (const data of this.data) {
      const header = Buffer.allocUnsafe(5);
      header[0] = 0x64; // CopyData
      header.writeUInt32BE(data.length + 4, 1);
      connection.stream.write(header);
      connection.stream.write(data);
      connection.stream.write(COPY_DONE);
    }
    connection.stream.uncork();
  }

  handleCopyInResponse(): void {
    // The data went out with the statements.
  }

  handleCommandComplete(msg: { text?: string }): void {
    const copied = /^COPY (\d+)/.exec(msg.text ?? '');
    if (copied) this.copied.push({ n: Number(copied[1]) });
  }

  handleError(err: unknown): void {
    // node-postgres drops a query once it failed: the ReadyForQuery after it never reaches it.
    this.failed = err;
    this.settle.reject(err);
  }

  handleReadyForQuery(): void {
    if (this.failed !== undefined) return;
    const rowCount = this.copied.reduce((n, c) => n + c.n, 0);
    this.settle.resolve({ command: 'COPY', rowCount, rows: this.copied, oid: 0, fields: [] });
  }
}

function copyIn(
  client: pg.Client,
  text: string,
  statements: number,
  data: unknown[],
): Promise<pg.QueryResult> {
  if (data.length !== statements || !data.every((d) => typeof d === 'string'))
    throw new TypeError(`this COPY takes ${statements} string(s) of data, one per statement`);
  const copy = new CopyIn(
    text,
    data.map((d) => Buffer.from(d, 'utf8')),
  );
  (client.query as (q: unknown) => unknown)(copy);
  return copy.done;
}

/** The pool's client: registered texts run as named statements or COPY (see above). */
export class PostgresClient extends pg.Client {
  // node-postgres' query has a dozen overloads; this one takes them all and changes only (text, values).
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && args.length === 2 && Array.isArray(values)) {
      const name = named.get(text);
      if (name) return super.query({ name, text, values }) as never;
      const statements = copies.get(text);
      if (statements !== undefined) return copyIn(this, text, statements, values) as never;
    }
    return (super.query as (...a: unknown[]) => unknown)(...args) as never;
  }
}
