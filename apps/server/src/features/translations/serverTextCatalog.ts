import type { Kernel } from '../../kernel/Kernel.js';
import { ServerTextRepository } from './serverText.repository.js';
import { serverTextsOf, type ServerTexts, type TextTable } from './serverTexts.js';

// What other features use of the server texts, exported through this feature's index in one line.
export { bundledServerTexts, SERVER_TEXT_NAMESPACES, ServerTexts } from './serverTexts.js';

/** The one catalog of a server: features.ts makes it and hands it to the features that word messages. */
export function serverTextCatalog(kernel: Pick<Kernel, 'store' | 'nowS'>): ServerTextCatalog {
  return new ServerTextCatalog(new ServerTextRepository(kernel.store.db), kernel.nowS);
}

/**
 * Seconds within which a row's `updated_ts` cannot tell "before the load" from "after it": a save in
 * the same second as the load (or on another instance whose clock runs a little ahead) would leave
 * the mark unchanged. While the newest row is that young, every ask reloads.
 */
const UNSURE_S = 2;

/**
 * The server's texts as the features ask for them (decision 0107): what translators saved in the
 * translations table over the bundled texts (ServerTexts). Cached, and checked against the table at
 * every ask with one query of two index lookups (ServerTextRepository.version), so a translator's save
 * — on this instance or another — takes effect at the next message, and the wording of a message costs
 * no query per key. A feature asks once per message or pass (`texts()`) and words everything with the
 * snapshot.
 */
export class ServerTextCatalog {
  private cached: { texts: ServerTexts; maxId: number; newestTs: number; loadedS: number } | null = null;
  private loading: Promise<ServerTexts> | null = null;
  /** How many times the rows were read (the tests' check that the cache holds). */
  loads = 0;

  constructor(
    private readonly repo: ServerTextRepository,
    private readonly nowS: () => number,
    private readonly bundled?: TextTable,
  ) {}

  async texts(): Promise<ServerTexts> {
    const v = await this.repo.version();
    const c = this.cached;
    if (c && c.maxId === v.maxId && c.newestTs === v.newestTs && v.newestTs < c.loadedS - UNSURE_S)
      return c.texts;
    // Asks that arrive while the rows are read share the one read.
    this.loading ??= this.load(v).finally(() => (this.loading = null));
    return this.loading;
  }

  /** One text in a language, placeholders filled: for a single message (a test call, a notice). */
  async text(language: string, key: string, params?: Record<string, string | number>): Promise<string> {
    return (await this.texts()).text(language, key, params);
  }

  /** Forgets the snapshot: the next ask reads the rows (for a save path that can say so). */
  invalidate(): void {
    this.cached = null;
  }

  private async load(v: { maxId: number; newestTs: number }): Promise<ServerTexts> {
    const loadedS = this.nowS();
    const rows = await this.repo.rows();
    this.loads++;
    const texts = serverTextsOf(rows, this.bundled);
    this.cached = { texts, ...v, loadedS };
    return texts;
  }
}
