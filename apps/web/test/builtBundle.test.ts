import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { allEndpoints } from '@emberwatch/shared/contracts/endpoints';
import { BUILD_RECORD, COMPILE_HINT, sha256, type BuildRecord } from '../vite.config';

/** What these checks read of a chunk; a Rolldown output chunk and a recorded one both have it. */
interface Chunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  code: string;
}

const root = resolve(import.meta.dirname, '..');
const repoRoot = resolve(root, '../..');
const dist = resolve(root, 'dist');
let chunks: Chunk[] = [];
let outDir: string | null = null;

/** The chunks index.html loads first: the entry and what it imports statically. */
function entryChunks(): Chunk[] {
  return withStaticImports(chunks.filter((c) => c.isEntry));
}

/** `start` and every chunk they import statically (what loading them loads). */
function withStaticImports(start: Chunk[]): Chunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<Chunk>();
  const queue = [...start];
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

const zodModules = (list: Chunk[]) =>
  list.flatMap((c) => c.moduleIds.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id)));

/** Files that shape the build besides its modules: its config, the HTML entry, the installed packages. */
const BUILD_INPUTS = [
  'vite.config.ts',
  'index.html',
  'package.json',
  'tsconfig.json',
  '../../package-lock.json',
  '../../tsconfig.base.json',
  '../../packages/shared/package.json',
].map((file) => resolve(root, file));

/**
 * The chunks of the build in dist/, when `npm run build` wrote it from the sources as they are now;
 * otherwise null. Current means: the build recorded itself (vite.config.ts, BUILD_RECORD), every
 * chunk file in dist/ is byte for byte the one it recorded, and neither any project file among the
 * chunks' modules nor any of BUILD_INPUTS changed (or went missing) since that build started. A
 * source file the build did not use cannot change its output unless a file it used changes to import
 * it, and installed packages change with package-lock.json.
 */
function currentDistChunks(): Chunk[] | null {
  const recordFile = resolve(root, BUILD_RECORD);
  if (!existsSync(recordFile)) return null;
  const record = JSON.parse(readFileSync(recordFile, 'utf8')) as BuildRecord;
  if (record.outDir !== dist || record.chunks.length === 0) return null;
  const projectModules = record.chunks
    .flatMap((c) => c.moduleIds)
    .map((id) => id.split('?')[0]!)
    .filter((id) => id.startsWith(repoRoot + sep) && !id.includes(`${sep}node_modules${sep}`));
  for (const file of new Set([...BUILD_INPUTS, ...projectModules])) {
    if (!existsSync(file) || statSync(file).mtimeMs > record.startedAt) return null;
  }
  const found: Chunk[] = [];
  for (const chunk of record.chunks) {
    const file = resolve(dist, chunk.fileName);
    if (!existsSync(file)) return null;
    const code = readFileSync(file, 'utf8');
    if (sha256(code) !== chunk.sha256) return null;
    found.push({ ...chunk, code });
  }
  return found;
}

// The production build, as `npm run build` makes it (vite.config.ts and its contract transform).
// `npm test` builds before this runs, so the build in dist/ is checked as it is when it is current;
// otherwise (this file run alone after a source change, or no build yet) the app is built here into a
// folder of its own, in memory, and nothing is written to dist.
beforeAll(async () => {
  const current = currentDistChunks();
  if (current) {
    chunks = current;
    return;
  }
  outDir = mkdtempSync(join(tmpdir(), 'emberwatch-web-build-'));
  const result = await build({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  chunks = outputs.flatMap((o) => o.output.filter((f): f is Rolldown.OutputChunk => f.type === 'chunk'));
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

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

  // Decision 0178: a storage opens on its layout; the rest of the page comes when opened or once it has
  // settled.
  it('loads a storage’s page without its other tabs, its editors, the export form, the sliders or MUI’s Dialog', () => {
    const page = chunks.filter((c) => c.moduleIds.some((id) => /[\\/]StorageDetailPage\.tsx$/.test(id)));
    expect(page).toHaveLength(1);
    const loaded = withStaticImports(page).flatMap((c) => c.moduleIds);
    expect(loaded.some((id) => /[\\/]StorageLayoutTab\.tsx$/.test(id))).toBe(true);
    const later =
      /[\\/](StorageMonitorTab|StorageDetailsTab|StacksLayoutEditor|RowsLayoutEditor|EditConfirmDialog|ExportForm|ExportDialog|LayoutSettingsSliders|DeleteStorageDialog|MissingInfoWindow)\.tsx$|[\\/]@mui[\\/]material[\\/](esm[\\/])?(Slider|Dialog|DialogTitle|DialogContentText)[\\/]/;
    expect(loaded.filter((id) => later.test(id))).toEqual([]);
  });

  it('keeps each endpoint the client calls to its method, path and auth', () => {
    const code = chunks.map((c) => c.code).join('\n');
    expect(code).toContain('/client/getAnonymousTranslations');
    expect(code).toContain('/client/bsConf');
    // The OpenAPI summaries are the server's: none of them is in the build.
    const summaries = allEndpoints().map((e) => e.summary);
    expect(summaries.filter((s) => code.includes(s))).toEqual([]);
  });

  // V8 reads the hint only at the top of a file: a plugin that prepends code after it (Vite's map of a
  // chunk's dependencies does) would leave every function compiled on the main thread again.
  it('marks every chunk to be compiled as it streams in, at its very top', () => {
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.filter((c) => !c.code.startsWith(COMPILE_HINT)).map((c) => c.fileName)).toEqual([]);
  });
});
