/**
 * Which stations a commit announces (`newData`), decision 0132. A commit announces the stations it
 * stored new readings of at once, before the answers go out: the readings are durable, and readers
 * of the readings (charts, the monitors) see them. The roll-ups (`probe_latest`, `probe_daily`) may
 * still be owed under load (decisions 0062 and 0064): such a station is announced once more by the
 * commit whose roll-ups cover it, so that readers of the roll-ups (the live list, the caches that
 * `newData` clears) never keep a value older than the store. Roll-ups written in a transaction cover
 * every commit done before it began, and its own — not one that another flush finished meanwhile
 * (PostgreSQL runs several), which a later commit covers.
 */
export class NewDataAnnouncements {
  /** Station → the number of the last commit that stored readings of it while roll-ups were owed. */
  private readonly owed = new Map<string, number>();
  /** Commits done so far, numbered in the order they finished. */
  private commits = 0;

  /** A commit begins: remember this, and give it to `done`. */
  begin(): number {
    return this.commits;
  }

  /**
   * A commit that began at `before` is done: it stored new readings of `bsIds`, and wrote the roll-ups
   * (`rollupsWritten`) or left them owed. Returns the stations to announce now, sorted: its own, and
   * those announced earlier whose roll-ups it now covers.
   */
  done(before: number, bsIds: readonly string[], rollupsWritten: boolean): string[] {
    const own = ++this.commits;
    const announce = new Set(bsIds);
    if (!rollupsWritten) {
      for (const id of bsIds) this.owed.set(id, own);
      return [...announce].sort();
    }
    // A station of this commit that another flush stored meanwhile (n > before) stays owed for that one.
    for (const [id, n] of this.owed)
      if (n <= before) {
        announce.add(id);
        this.owed.delete(id);
      }
    return [...announce].sort();
  }
}
