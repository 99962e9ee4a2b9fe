/**
 * Stations with new readings whose roll-ups are not written yet, and when to announce them (`newData`):
 * once a commit's roll-ups cover the commit that stored them. Roll-ups written in a transaction cover
 * every commit done before it began, and its own — not one that another flush finished meanwhile
 * (PostgreSQL runs two), which a later commit announces.
 */
export class UnannouncedStations {
  /** Station → the number of the last commit that stored readings of it. */
  private readonly stations = new Map<string, number>();
  /** Commits done so far, numbered in the order they finished. */
  private commits = 0;

  /** A commit begins: remember this, and give it to `done`. */
  begin(): number {
    return this.commits;
  }

  /**
   * A commit that began at `before` is done: it stored readings of `bsIds`, and wrote the roll-ups
   * (`rollupsWritten`) or left them owed. Returns the stations to announce now, sorted.
   */
  done(before: number, bsIds: readonly string[], rollupsWritten: boolean): string[] {
    const own = ++this.commits;
    for (const id of bsIds) this.stations.set(id, own);
    if (!rollupsWritten) return [];
    const covered: string[] = [];
    for (const [id, n] of this.stations) if (n <= before || n === own) covered.push(id);
    for (const id of covered) this.stations.delete(id);
    return covered.sort();
  }
}
