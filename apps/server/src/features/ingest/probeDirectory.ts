import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { IngestRepository, ProbeDiscovery } from './ingest.repository.js';

interface Entry {
  bsId: string;
  realBs: string | null;
  until: number;
}

/** How long a cached probe entry is trusted (a probe moved by another instance is seen after this). */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 200_000;

/**
 * Which station each probe belongs to and which radio last heard it, cached: in steady state a packet
 * then costs no probe lookups at all. Changes are applied to the cache only after the commit, so a
 * rolled-back transaction never leaves the cache ahead of the store.
 */
export class ProbeDirectory {
  private readonly entries = new Map<string, Entry>();
  /** Counts forget() calls, so a resolve that raced one never caches what it read before. */
  private forgets = 0;

  /**
   * Drops probes from the cache (after a transfer to another station): the next packet reads their
   * owner from the store again.
   */
  forget(ids: Iterable<string>): void {
    this.forgets++;
    for (const id of ids) this.entries.delete(id);
  }

  /**
   * Makes sure every probe exists and records the radio that heard it. Returns each probe's owning
   * station and a function that publishes the changes to the cache once the transaction commits.
   */
  async resolve(
    trx: Transaction<Database>,
    repo: IngestRepository,
    heard: Map<string, ProbeDiscovery>,
  ): Promise<{ owners: Map<string, string>; commit: () => void }> {
    const now = Date.now();
    const forgetsAtStart = this.forgets;
    const known = new Map<string, { bsId: string; realBs: string | null }>();
    const missing: string[] = [];
    for (const id of heard.keys()) {
      const e = this.entries.get(id);
      if (e && e.until > now) known.set(id, e);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const row of await repo.findProbes(trx, missing))
        known.set(row.sensor_id, { bsId: row.bs_id, realBs: row.real_bs });
      const fresh = missing.filter((id) => !known.has(id)).map((id) => heard.get(id) as ProbeDiscovery);
      if (fresh.length > 0) {
        await repo.insertProbes(trx, fresh);
        for (const p of fresh) known.set(p.sensor_id, { bsId: p.bs_id, realBs: p.bs_id });
      }
    }
    const moved = new Map<string, string[]>();
    for (const [id, p] of heard) {
      const k = known.get(id) as { bsId: string; realBs: string | null };
      if (k.realBs !== p.bs_id) {
        const list = moved.get(p.bs_id) ?? [];
        list.push(id);
        moved.set(p.bs_id, list);
        known.set(id, { bsId: k.bsId, realBs: p.bs_id });
      }
    }
    for (const [bsId, ids] of moved) await repo.setRealBs(trx, bsId, ids);

    return {
      owners: new Map([...known].map(([id, k]) => [id, k.bsId])),
      commit: () => {
        // A transfer committed meanwhile: what this transaction read may name the old owner.
        if (this.forgets !== forgetsAtStart) return;
        const until = Date.now() + TTL_MS;
        if (this.entries.size + known.size > MAX_ENTRIES) this.entries.clear();
        for (const [id, k] of known) this.entries.set(id, { ...k, until });
      },
    };
  }
}
