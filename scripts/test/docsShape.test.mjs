import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 29 item 7: a newcomer reads the architecture in ten minutes and finds every decision record
// in one index. These keep both true as the docs grow.
const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');

/** Words as `wc -w` counts them: runs of anything but white space. */
function wordCount(text) {
  return text.split(/\s+/).filter(Boolean).length;
}

describe('the docs a newcomer reads first', () => {
  it('keep ARCHITECTURE.md to one page (at most 1,200 words)', async () => {
    const text = await readFile(path.join(docs, 'ARCHITECTURE.md'), 'utf8');
    expect(wordCount(text)).toBeLessThanOrEqual(1200);
  });

  it('counts words as wc -w does', () => {
    expect(wordCount('one  two\tthree\n| --- |\n')).toBe(6);
  });

  it('list every decision record in the index, with its status', async () => {
    const index = await readFile(path.join(docs, 'decisions', 'README.md'), 'utf8');
    const records = (await readdir(path.join(docs, 'decisions'))).filter((f) => /^\d{4}-.+\.md$/.test(f));
    expect(records.length).toBeGreaterThan(100);
    const missing = records.filter((file) => !index.includes(`(${file})`));
    expect(missing).toEqual([]);
  });
});
