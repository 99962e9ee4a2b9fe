import type { Transaction } from 'kysely';
import {
  MAX_NEW_PROBES_PER_PACKET,
  MAX_PROBES_PER_STATION,
  type IngestRefusalReason,
} from '@emberwatch/shared/contracts/ingest';
import type { Database } from '../../db/schema.js';
import type { IngestRepository, ProbeDiscovery } from './ingest.repository.js';
import { probeKind } from './probeKind.js';

interface Probe {
  /** The station the probe is configured on. */
  bsId: string;
  /** The station whose radio last heard it. */
  realBs: string | null;
  /** The account (owner user id) of the probe's station. */
  account: number;
}

/** What one packet of a commit carries: its station and the probe serials it names. */
export interface HeardPacket {
  bsId: string;
  receivedTs: number;
  /** Probe serial → depths of its first reading, in the order the packet first names each. */
  probes: Map<string, number>;
}

export interface Resolution {
  /** Per packet: the probes whose readings are refused, and why. */
  refused: Map<string, IngestRefusalReason>[];
  /** The station each accepted probe is configured on (`bsId`). */
  owners: ReadonlyMap<string, { readonly bsId: string }>;
  /** Publishes what was read and changed to the cache; call only after the commit. */
  commit: () => void;
}

/** How long a cached entry is trusted (a probe moved by another instance is seen after this at worst). */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 200_000;

/**
 * Which station and account each probe belongs to and which radio last heard it, cached: in steady
 * state a packet then costs no probe lookups at all, and the ownership check is a map lookup.
 * Changes are applied to the cache only after the commit, so a rolled-back transaction never leaves
 * the cache ahead of the store. A probe id never seen is cached only once it is stored, so the cache
 * is bounded by the probes that exist.
 */
export class ProbeDirectory {
  private readonly probes = new Map<string, Probe & { until: number }>();
  /** Station → its account. A station never changes hands, but entries still expire. */
  private readonly stations = new Map<string, { account: number; until: number }>();
  /** Counts forget() calls, so a resolve that raced one never caches what it read before. */
  private forgets = 0;

  /**
   * Drops probes from the cache (after a transfer to another station, perhaps of another account):
   * the next packet reads their station and account from the store again.
   */
  forget(ids: Iterable<string>): void {
    this.forgets++;
    for (const id of ids) this.probes.delete(id);
  }

  /**
   * The resolution of a commit whose stations and probes are all cached and settled: every probe known,
   * of its station's account or refused as foreign, last heard by the station that sends it. Nothing is
   * read or written then, so the commit needs none of the probes' locks (decision 0065). Undefined when
   * the store must be read or written: resolve() under the locks.
   */
  resolveCached(heard: HeardPacket[]): Resolution | undefined {
    const { accounts, known, uncachedStations, uncached } = this.fromCache(heard, Date.now());
    if (uncachedStations.size > 0 || uncached.size > 0) return undefined;
    const { refused, fresh, heardBy } = this.decide(heard, accounts, known, new Map());
    if (fresh.length > 0 || heardBy.size > 0) return undefined;
    return this.resolution(refused, accounts, known, this.forgets);
  }

  /**
   * Whether one packet alone would be settled from the cache as resolveCached settles a commit: its
   * station cached, and every probe it names cached and either of another account (refused) or last
   * heard by this station. A batch of such packets is settled as a whole too (a probe's packets from
   * its own account all come from its receiving station), so the ingest service may commit many of
   * them together without the probes' locks (decision 0148). A guess made before the commit: should
   * the cache change meanwhile, the commit reads the store under the locks as before.
   */
  settled(packet: HeardPacket, now = Date.now()): boolean {
    const s = this.stations.get(packet.bsId);
    if (!s || s.until <= now) return false;
    for (const id of packet.probes.keys()) {
      const e = this.probes.get(id);
      if (!e || e.until <= now || (e.account === s.account && e.realBs !== packet.bsId)) return false;
    }
    return true;
  }

  /**
   * Decides, packet by packet in batch order, which probes each packet may write:
   * - a probe of another account than the sending station's is refused (`foreign_probe`);
   * - a probe of the same account is taken, and the sender becomes its receiving station (realBs);
   * - a probe never seen joins the sending station, unless the packet already added
   *   MAX_NEW_PROBES_PER_PACKET or the station holds MAX_PROBES_PER_STATION probes. Once a packet has
   *   added it, a later packet of the commit treats it as known (so another account is refused).
   */
  async resolve(
    trx: Transaction<Database>,
    repo: IngestRepository,
    heard: HeardPacket[],
  ): Promise<Resolution> {
    const forgetsAtStart = this.forgets;
    const { accounts, known, uncachedStations, uncached } = this.fromCache(heard, Date.now());
    if (uncachedStations.size > 0) {
      for (const [bsId, account] of await repo.findStationAccounts(trx, [...uncachedStations]))
        accounts.set(bsId, account);
    }
    const unknown = new Set<string>();
    if (uncached.size > 0) {
      for (const row of await repo.findProbes(trx, [...uncached]))
        known.set(row.sensor_id, { bsId: row.bs_id, realBs: row.real_bs, account: row.owner_user_id });
      for (const id of uncached) if (!known.has(id)) unknown.add(id);
    }

    // Probes per station, read only when a packet names a probe never seen (the rare path).
    let counts = new Map<string, number>();
    if (unknown.size > 0) {
      const discovering = [
        ...new Set(
          heard.filter((p) => [...p.probes.keys()].some((id) => unknown.has(id))).map((p) => p.bsId),
        ),
      ].sort();
      await repo.lockStations(trx, discovering);
      counts = await repo.countProbes(trx, discovering);
    }

    const { refused, fresh, heardBy } = this.decide(heard, accounts, known, counts);
    if (fresh.length > 0) await repo.insertProbes(trx, fresh);
    const moved = new Map<string, string[]>();
    for (const [id, bsId] of heardBy) {
      const list = moved.get(bsId) ?? [];
      list.push(id);
      moved.set(bsId, list);
    }
    for (const [bsId, ids] of moved) await repo.setRealBs(trx, bsId, ids);
    return this.resolution(refused, accounts, known, forgetsAtStart);
  }

  /** The stations' accounts and the probes the cache holds, and which it does not. */
  private fromCache(heard: HeardPacket[], now: number) {
    const accounts = new Map<string, number>();
    const uncachedStations = new Set<string>();
    for (const { bsId } of heard) {
      const s = this.stations.get(bsId);
      if (s && s.until > now) accounts.set(bsId, s.account);
      else uncachedStations.add(bsId);
    }
    const known = new Map<string, Probe>();
    const uncached = new Set<string>();
    for (const packet of heard) {
      for (const id of packet.probes.keys()) {
        if (known.has(id)) continue;
        const e = this.probes.get(id);
        // The cached entry itself: a packet of a steady station then allocates nothing per probe.
        if (e && e.until > now) known.set(id, e);
        else uncached.add(id);
      }
    }
    return { accounts, known, uncachedStations, uncached };
  }

  /**
   * The rules above over what is known (`known` gains the probes found and moved); `counts`: probes per
   * station, for the stations that discover probes.
   */
  private decide(
    heard: HeardPacket[],
    accounts: ReadonlyMap<string, number>,
    known: Map<string, Probe>,
    counts: Map<string, number>,
  ) {
    const fresh: ProbeDiscovery[] = [];
    const heardBy = new Map<string, string>();
    const refused = heard.map((packet) => {
      const out = new Map<string, IngestRefusalReason>();
      const account = accounts.get(packet.bsId);
      if (account === undefined) throw new Error(`base station ${packet.bsId} has no account`);
      let added = 0;
      for (const [id, depths] of packet.probes) {
        const k = known.get(id);
        if (!k) {
          const onStation = counts.get(packet.bsId) ?? 0;
          if (added >= MAX_NEW_PROBES_PER_PACKET) out.set(id, 'packet_probe_limit');
          else if (onStation >= MAX_PROBES_PER_STATION) out.set(id, 'station_probe_limit');
          else {
            added++;
            counts.set(packet.bsId, onStation + 1);
            known.set(id, { bsId: packet.bsId, realBs: packet.bsId, account });
            fresh.push({
              sensor_id: id,
              bs_id: packet.bsId,
              kind: probeKind(id),
              depths,
              created_ts: packet.receivedTs,
            });
          }
        } else if (k.account !== account) {
          out.set(id, 'foreign_probe');
        } else if (k.realBs !== packet.bsId) {
          known.set(id, { ...k, realBs: packet.bsId });
          heardBy.set(id, packet.bsId);
        }
      }
      return out;
    });

    return { refused, fresh, heardBy };
  }

  /** What the commit uses, and what it publishes to the cache once committed. */
  private resolution(
    refused: Map<string, IngestRefusalReason>[],
    accounts: ReadonlyMap<string, number>,
    known: ReadonlyMap<string, Probe>,
    forgetsAtStart: number,
  ): Resolution {
    return {
      refused,
      owners: known,
      commit: () => {
        const until = Date.now() + TTL_MS;
        if (this.stations.size + accounts.size > MAX_ENTRIES) this.stations.clear();
        for (const [bsId, account] of accounts) this.stations.set(bsId, { account, until });
        // A transfer committed meanwhile: what this transaction read may name the old owner.
        if (this.forgets !== forgetsAtStart) return;
        if (this.probes.size + known.size > MAX_ENTRIES) this.probes.clear();
        for (const [id, k] of known) {
          const cached = this.probes.get(id);
          // An entry read from the cache and left unchanged is only extended.
          if (cached === k) cached.until = until;
          else this.probes.set(id, { bsId: k.bsId, realBs: k.realBs, account: k.account, until });
        }
      },
    };
  }
}
