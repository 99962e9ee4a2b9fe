/**
 * COPY's text format written straight into bytes, for the ingest path's COPY (decision 0186). Built as
 * strings, each reading's row of nine fields cost about 750 bytes of short-lived strings (a template's
 * pieces, every number turned into text, the row added to the rows before it), then a copy to flatten
 * the rows and another into the Buffer the socket takes: a third of all the server allocated per
 * reading on PostgreSQL, and the young-generation collections that came with it. Here integers are
 * written as digits into one buffer that grows as needed, and text is written as it is.
 *
 * A field is escaped as `copyField` escapes it; fields are separated by `tab()` and rows ended by
 * `endRow()`.
 */
export class CopyText {
  private buf: Buffer;
  private length = 0;

  constructor(capacity = 16 * 1024) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  /** Room for `n` more bytes. */
  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }

  private byte(b: number): this {
    this.room(1);
    this.buf[this.length++] = b;
    return this;
  }

  tab(): this {
    return this.byte(0x09);
  }

  endRow(): this {
    return this.byte(0x0a);
  }

  /** Characters of the format itself, written as they are (a brace, a comma, a quote). */
  raw(s: string): this {
    this.room(s.length * 3);
    this.length += this.buf.write(s, this.length, 'utf8');
    return this;
  }

  /** Bytes already in the format (another CopyText's, say). */
  append(bytes: Buffer): this {
    this.room(bytes.length);
    this.length += bytes.copy(this.buf, this.length);
    return this;
  }

  /** Text as one field, escaped (escapeCopyText). */
  text(s: string): this {
    return this.raw(escapeCopyText(s));
  }

  /** An integer's digits; anything else as JavaScript writes the number, which PostgreSQL then refuses. */
  int(n: number): this {
    if (!Number.isSafeInteger(n)) return this.raw(String(n));
    this.room(17);
    const buf = this.buf;
    if (n < 0) {
      buf[this.length++] = 0x2d; // -
      n = -n;
    }
    let digits = 1;
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    let at = this.length + digits;
    this.length = at;
    do {
      buf[--at] = 0x30 + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0);
    return this;
  }

  /** An integer, or `\N` for null. */
  intOrNull(n: number | null | undefined): this {
    return n === null || n === undefined ? this.raw('\\N') : this.int(n);
  }

  /** The integers as a JSON array, `[1,2,3]` (tempsJson's text). */
  intsJson(ns: readonly number[]): this {
    this.byte(0x5b); // [
    for (let i = 0; i < ns.length; i++) {
      if (i > 0) this.byte(0x2c); // ,
      this.int(ns[i] as number);
    }
    return this.byte(0x5d); // ]
  }

  /** How many bytes are written. */
  get size(): number {
    return this.length;
  }

  /** Bytes written so far (a view of the buffer: nothing may be written after it is taken). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPED = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Text as COPY's text format takes it in a field: backslash, tab, newline and carriage return escaped. */
export function escapeCopyText(s: string): string {
  return NEEDS_ESCAPE.test(s) ? s.replace(ESCAPED, (c) => COPY_ESCAPES[c] as string) : s;
}
