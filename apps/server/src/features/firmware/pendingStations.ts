/**
 * The stations with a pending update, kept in memory so that the station route asks the store only
 * for those (a handful among thousands): every packet of every station asks. This instance's own
 * assignments and ends change the set at once; another instance's (PostgreSQL) are read with the
 * next reload, at most RELOAD_MS later.
 */
const RELOAD_MS = 5_000;

export class PendingStations {
  private ids = new Set<string>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly load: () => Promise<string[]>,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  async has(bsId: string): Promise<boolean> {
    if (this.nowMs() - this.loadedAt > RELOAD_MS) await this.reload();
    return this.ids.has(bsId);
  }

  add(bsId: string): void {
    this.ids.add(bsId);
  }

  delete(bsId: string): void {
    this.ids.delete(bsId);
  }

  private reload(): Promise<void> {
    // One read for every packet that finds the set old at once.
    this.loading ??= this.load()
      .then((ids) => {
        this.ids = new Set(ids);
        this.loadedAt = this.nowMs();
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
