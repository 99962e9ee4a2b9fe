import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '../src');

/** Every module main.tsx reaches through static imports (type-only and dynamic imports excluded). */
function entryGraph(): { modules: string[]; packages: Map<string, string> } {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [resolve(src, 'main.tsx')];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    const code = readFileSync(file, 'utf8');
    const statements = code.matchAll(/^\s*(import|export)\s+(type\s)?[^;'"]*?(?:from\s*)?['"]([^'"]+)['"]/gm);
    for (const [, , typeOnly, spec] of statements) {
      if (typeOnly || !spec) continue;
      if (!spec.startsWith('.')) {
        packages.set(spec, file);
        continue;
      }
      const base = resolve(dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
        (f) => existsSync(f) && !f.endsWith('/'),
      );
      if (found) queue.push(found);
    }
  }
  return { modules: [...seen], packages };
}

describe('the entry bundle', () => {
  // The budget of issue 3 (≤ 150 kB gzipped for /login and /probes) holds only while the entry
  // draws with plain CSS; bench/web/run.ts measures it, this catches the mistake early.
  it('imports neither MUI nor Emotion: they load with the logged-in shell', () => {
    const { modules, packages } = entryGraph();
    expect(modules.some((m) => m.endsWith('LoginPage.tsx'))).toBe(true);
    const styling = [...packages].filter(([p]) => /^@(mui|emotion)\//.test(p));
    expect(styling.map(([p, file]) => `${p} (from ${file.slice(src.length + 1)})`)).toEqual([]);
  });

  it('keeps the logged-in shell and the chart out of it', () => {
    const { modules } = entryGraph();
    const lazyOnly = modules.filter((m) => /AppShell|ProbesPage|ProbeDetailPage|UPlotChart/.test(m));
    expect(lazyOnly).toEqual([]);
    expect(modules.some((m) => m.endsWith('lazyShell.tsx'))).toBe(true);
  });

  it('keeps the page list and every page but login out of it: the shell routes to them', () => {
    const { modules } = entryGraph();
    const pages = modules
      .map((m) => m.slice(src.length + 1))
      .filter((m) => /(^|\/)pages\.tsx?$|^features\/.*Page\.tsx$|NotFoundPage/.test(m))
      .filter((m) => !m.endsWith('LoginPage.tsx'));
    expect(pages).toEqual([]);
  });
});
