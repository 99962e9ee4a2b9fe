import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { allEndpoints } from '@emberwatch/shared/contracts/endpoints';

const root = resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'emberwatch-web-build-'));
let chunks: Rolldown.OutputChunk[] = [];

/** The chunks index.html loads first: the entry and what it imports statically. */
function entryChunks(): Rolldown.OutputChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<Rolldown.OutputChunk>();
  const queue = chunks.filter((c) => c.isEntry);
  while (queue.length > 0) {
    const chunk = queue.shift()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) queue.push(next);
    }
  }
  return [...seen];
}

const zodModules = (list: Rolldown.OutputChunk[]) =>
  list.flatMap((c) => c.moduleIds.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id)));

// The production build, as `npm run build` makes it (vite.config.ts and its contract transform),
// into a folder of its own; nothing is written to dist.
beforeAll(async () => {
  const result = await build({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  chunks = outputs.flatMap((o) => o.output.filter((f): f is Rolldown.OutputChunk => f.type === 'chunk'));
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the built web app', () => {
  // The endpoints the client calls by carry zod schemas in the shared contracts; the browser never
  // validates with them, and zod would add ~26 kB gzipped to every page.
  it('ships no zod, neither in the entry nor in any lazy chunk', () => {
    expect(entryChunks().length).toBeGreaterThan(0);
    expect(zodModules(entryChunks())).toEqual([]);
    expect(zodModules(chunks)).toEqual([]);
  });

  // The login page needs none of the logged-in shell's code. An entry module that imports a
  // feature's index (rather than the modules it needs) brings along every module the index lists.
  it("loads none of the logged-in shell's session hooks before login", () => {
    const initial = entryChunks().flatMap((c) => c.moduleIds);
    const shellOnly =
      /([\\/]app[\\/]AppShell|[\\/]sessions[\\/](useEnsureUiPreferences|useChangeLanguage))\.tsx?$/;
    expect(initial.filter((id) => shellOnly.test(id))).toEqual([]);
  });

  it('keeps each endpoint the client calls to its method, path and auth', () => {
    const code = chunks.map((c) => c.code).join('\n');
    expect(code).toContain('/client/getAnonymousTranslations');
    expect(code).toContain('/client/bsConf');
    // The OpenAPI summaries are the server's: none of them is in the build.
    const summaries = allEndpoints().map((e) => e.summary);
    expect(summaries.filter((s) => code.includes(s))).toEqual([]);
  });
});
