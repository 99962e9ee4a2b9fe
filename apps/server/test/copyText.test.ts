import { describe, expect, it } from 'vitest';
import { CopyText } from '../src/db/copyText.js';
import { copyField } from '../src/db/postgresClient.js';
import { tempsJson } from '../src/features/ingest/tempsJson.js';

const written = (write: (c: CopyText) => unknown, capacity?: number) => {
  const c = new CopyText(capacity);
  write(c);
  return c.bytes().toString('utf8');
};

describe('COPY text written as bytes', () => {
  it.each([
    ['plain text', 'R00001'],
    ['a backslash', 'a\\b'],
    ['a tab', 'a\tb'],
    ['a newline and a return', 'a\nb\rc'],
    ['the text \\N', '\\N'],
    ['an empty string', ''],
    ['text beyond ASCII', 'Heuböden – 12 °C'],
  ])('text: %s, as copyField writes it', (_, value) => {
    expect(written((c) => c.text(value))).toBe(copyField(value));
  });

  it.each([
    0,
    7,
    10,
    99,
    100,
    -1,
    -71,
    1_700_000_000,
    -500,
    2000,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
  ])('the integer %d, as JavaScript writes it', (n) => {
    expect(written((c) => c.int(n))).toBe(String(n));
  });

  it('writes a number that is not a safe integer as JavaScript does (PostgreSQL refuses it)', () => {
    expect(written((c) => c.int(1.5))).toBe('1.5');
    expect(written((c) => c.int(2 ** 60))).toBe(String(2 ** 60));
  });

  it.each([[null], [undefined], [-90], [0]])('intOrNull(%s) as copyField writes it', (n) => {
    expect(written((c) => c.intOrNull(n))).toBe(copyField(n));
  });

  it.each([[[215]], [[215, -12, 0]], [[-500, 2000, 7, 8, 9, 10, 11, 12]]])(
    'intsJson(%j) as tempsJson',
    (ts) => {
      expect(written((c) => c.intsJson(ts))).toBe(tempsJson(ts));
    },
  );

  it('grows past its first capacity without losing what it holds, and appends another’s bytes', () => {
    const rows = Array.from({ length: 500 }, (_, i) => `R${i}\t${1_700_000_000 + i}\t${-i}\n`).join('');
    const c = new CopyText(8);
    for (let i = 0; i < 500; i++)
      c.text(`R${i}`)
        .tab()
        .int(1_700_000_000 + i)
        .tab()
        .int(-i)
        .endRow();
    expect(c.bytes().toString()).toBe(rows);
    expect(c.size).toBe(Buffer.byteLength(rows));
    const outer = new CopyText(4).raw('{').append(c.bytes()).raw('}');
    expect(outer.bytes().toString()).toBe(`{${rows}}`);
  });
});
