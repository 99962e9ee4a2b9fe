import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '@emberwatch/shared/contracts/endpoint';
import { allEndpoints, endpoints } from '@emberwatch/shared/contracts/endpoints';
import { z } from 'zod';
import { API_CALLS_BEGIN, API_CALLS_END, apiCallList, withApiCallList } from '../src/http/apiCallList.js';

const file = fileURLToPath(new URL('../../../docs/API.md', import.meta.url));

describe('docs/API.md lists the calls of the catalogue', () => {
  it('is what `npm run docs:api` makes of the catalogue as it is now (run it after adding a call)', async () => {
    // Read at test time: a call added to the catalogue without regenerating the document fails here.
    const current = readFileSync(file, 'utf8');
    expect(current).toContain(API_CALLS_BEGIN);
    expect(current).toContain(API_CALLS_END);
    const options = { ...(await resolveConfig(file)), filepath: file };
    const regenerated = await format(withApiCallList(current, apiCallList(endpoints)), options);
    expect(current).toBe(regenerated);
  });

  it('names every call the server serves, once', () => {
    const block = readFileSync(file, 'utf8').split(API_CALLS_BEGIN)[1]!.split(API_CALLS_END)[0]!;
    for (const e of allEndpoints()) {
      const row = new RegExp(
        `\\|\\s+${e.method}\\s+\\|\\s+\`${e.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`\\s+\\|`,
      );
      expect(
        block.split('\n').filter((line) => row.test(line)),
        `${e.method} ${e.path}`,
      ).toHaveLength(1);
    }
    expect(block).toContain(`${allEndpoints().length} calls`);
  });

  it('keeps the hand-written text around the block, and escapes what would break a table row', () => {
    const odd = defineEndpoint({
      method: 'GET',
      path: '/client/odd',
      response: z.object({ status_code: z.literal(0) }),
      auth: 'user',
      summary: 'A | B\nover two lines.',
    });
    const block = apiCallList({ odd: { odd } });
    expect(block).toContain('| odd | GET | `/client/odd` | user | A \\| B over two lines. |');
    const doc = `# Title\n\nBefore.\n\n${API_CALLS_BEGIN}\nold\n${API_CALLS_END}\n\nAfter.\n`;
    expect(withApiCallList(doc, block)).toBe(`# Title\n\nBefore.\n\n${block}\n\nAfter.\n`);
    // Without markers the block is added at the end.
    expect(withApiCallList('# Title\n', block)).toBe(`# Title\n\n${block}\n`);
  });
});
