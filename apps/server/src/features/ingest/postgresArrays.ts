/**
 * PostgreSQL array literals (`{1,2,NULL}`, `{"a","b"}`) for the ingest path's `unnest` parameters,
 * passed as one string each. node-postgres turns a JavaScript array into the same text itself, but
 * element by element through two regular-expression replaces and a type check: with a dozen arrays of
 * thousands of elements per commit, that was about a fifth of the server's CPU on the PostgreSQL path
 * (decision 0061).
 */

/** Integers (or null) as an array literal, e.g. for a `${…}::int[]` or `::bigint[]` parameter. */
export function intArray(values: readonly (number | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (Number.isSafeInteger(v)) out += v;
    else throw new TypeError(`not an integer: ${v}`);
  }
  return out + '}';
}

/**
 * Strings as an array literal, each element quoted; a quote or backslash inside is escaped, so any
 * text arrives unchanged (never NULL: a quoted "NULL" is the text NULL).
 */
export function textArray(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as string;
    if (i > 0) out += ',';
    out += v.includes('"') || v.includes('\\') ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
  }
  return out + '}';
}
