import {
  MAX_FUTURE_SKEW_S,
  type IngestPacket,
  type IngestReading,
  type IngestRefusal,
  type IngestResponse,
} from '@emberwatch/shared/contracts/ingest';
import { isProbeSerial } from '@emberwatch/shared/domain/isProbeSerial';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/ApiError.js';
import type { EventBus } from '../../realtime/EventBus.js';
import type { ReadingHistory } from '../readings/index.js';
import { batchLength } from './batchLength.js';
import { packableBefore } from './dailyRollup.js';
import type { IngestRepository } from './ingest.repository.js';
import type { FreshReading, FreshReadingsHub } from './freshReadingsHub.js';
import { FIRST_ATTEMPT, nextAttempt, type CommitAttempt } from './commitAttempt.js';
import type { IngestWriter, PacketLogRow, SettledRollups, StationUpdate } from './ingestWriter.js';
import type { HeardPacket, ProbeDirectory } from './probeDirectory.js';
import { MAX_DAY_LOCKS, packableDays } from './packableDays.js';
import { NewDataAnnouncements } from './newDataAnnouncements.js';

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface Pending {
  bsId: string;
  packet: IngestPacket;
  /** Probe serial → depths of its first reading, for each valid serial the packet names. */
  probes: Map<string, number>;
  bytesUp: number;
  receivedTs: number;
  resolve: (r: IngestResponse) => void;
  reject: (e: unknown) => void;
}

export interface IngestServiceOptions {
  /** Upper bound of packets per transaction, so one commit never grows without limit. */
  maxBatch?: number;
  /**
   * Transactions committing at once (PostgreSQL: its backends work side by side while another commit
   * waits for its fsync; SQLite has one writer).
   */
  workers?: number;
  /**
   * A transaction takes packets until they name this many probes (at least one packet): on PostgreSQL,
   * commits of at most MAX_PROBE_LOCKS probes lock only their own probes, so they run side by side.
   */
  maxProbesPerBatch?: number;
}

/**
 * Stores base-station packets. Packets that arrive while a commit is running are committed together
 * in the next transaction (group commit): one fsync serves many stations, and each station still
 * gets its answer only after its readings are durable.
 */
export class IngestService {
  private queue: Pending[] = [];
  /** The running flushes (at most `workers`), each committing one batch after another. */
  private readonly flushes = new Set<Promise<void>>();
  private readonly maxBatch: number;
  private readonly workers: number;
  private readonly maxProbesPerBatch: number;
  /** Stations announced while their roll-ups were owed: announced again once written (decision 0132). */
  private readonly announcements = new NewDataAnnouncements();
  /** Writes owed roll-ups once they are due, when no commit came to write them (decision 0062). */
  private rollupTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: IngestRepository,
    private readonly bus: EventBus,
    private readonly nowS: () => number,
    private readonly probes: ProbeDirectory,
    private readonly writer: IngestWriter,
    /** Which old readings a packed day holds already (decision 0054). */
    private readonly history: Pick<ReadingHistory, 'packedTimes'>,
    /** Told each commit's new readings (SQLite only; see FreshReadingsHub). */
    private readonly fresh: FreshReadingsHub | undefined,
    options: IngestServiceOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 64;
    this.workers = options.workers ?? 1;
    this.maxProbesPerBatch = options.maxProbesPerBatch ?? Number.POSITIVE_INFINITY;
  }

  /** Probes moved to another station: the cached owner must not outlive the move. */
  forgetProbes(ids: Iterable<string>): void {
    this.probes.forget(ids);
  }

  submit(bsId: string, packet: IngestPacket, bytesUp: number): Promise<IngestResponse> {
    const receivedTs = this.nowS();
    const future = packet.readings.findIndex((r) => r.meas_ts > receivedTs + MAX_FUTURE_SKEW_S);
    if (future >= 0) {
      return Promise.reject(
        ApiError.invalid('meas_ts is more than 10 minutes in the future', `readings.${future}.meas_ts`),
      );
    }
    // The probes the packet names; an id that is not a probe serial is refused before anything else,
    // so it never reaches the store, a lock or a cache.
    const probes = new Map<string, number>();
    for (const r of packet.readings) {
      if (!probes.has(r.sensor_id) && isProbeSerial(r.sensor_id))
        probes.set(r.sensor_id, r.temperatures.length);
    }
    return new Promise<IngestResponse>((resolve, reject) => {
      this.queue.push({ bsId, packet, probes, bytesUp, receivedTs, resolve, reject });
      this.kick();
    });
  }

  /**
   * Rebuilds the roll-ups a crash left owed (SQLite, decision 0062), before the first packet. The
   * writer also does it at its first commit, so this only spares the readers a moment of stale data.
   */
  async recoverRollups(): Promise<void> {
    const writer = this.writer;
    if (!writer.recoverRollups) return;
    await this.repo.transaction(async (trx) => {
      await writer.recoverRollups?.(trx);
    });
  }

  /**
   * Writes whatever roll-ups are owed now, for a reader that cannot wait for them (a test reading
   * probe_daily right after a large ingest; a stopping server).
   */
  async settleRollups(): Promise<void> {
    while (this.flushes.size > 0) await Promise.all(this.flushes);
    if (this.writer.rollupsOwed?.()) await this.commitAndAnnounce([], true);
  }

  /** The server is stopping: what is owed is written. */
  async close(): Promise<void> {
    clearTimeout(this.rollupTimer);
    this.rollupTimer = undefined;
    await this.settleRollups();
  }

  private rollupsDue(): boolean {
    return this.writer.rollupsOwed?.() === true && (this.writer.rollupsDueInMs?.() ?? 0) === 0;
  }

  /** Starts a flush when none runs, and another (up to `workers`) while packets wait. */
  private kick(): void {
    if (this.flushes.size >= this.workers || (this.flushes.size > 0 && this.queue.length === 0)) return;
    const flush: Promise<void> = this.flush().finally(() => this.flushes.delete(flush));
    this.flushes.add(flush);
  }

  /**
   * The next packets to commit together. Where commits lock their probes one by one (PostgreSQL), a
   * packet the directory settles from its cache counts no probe (decision 0148): a commit of only such
   * packets takes no probe lock — none at all when none of its readings is old enough to be packed
   * (decision 0065), its days' locks otherwise (decision 0149). Such commits grow as SQLite's do, up to
   * `maxBatch` packets; those that discover or move probes stay small.
   */
  private takeBatch(): Pending[] {
    const waiting = this.queue.slice(0, this.maxBatch);
    const limited = Number.isFinite(this.maxProbesPerBatch);
    const now = Date.now();
    const sizes = waiting.map((p) => (limited && this.probes.settled(p, now) ? 0 : p.probes.size));
    return this.queue.splice(0, batchLength(sizes, this.maxBatch, this.maxProbesPerBatch));
  }

  private async flush(): Promise<void> {
    clearTimeout(this.rollupTimer);
    this.rollupTimer = undefined;
    try {
      // Yield to the event loop before each commit: requests that arrived meanwhile (SQLite's fsync
      // blocks the loop) are read and queued first, so they share this commit instead of waiting
      // for one each. With no packet waiting, a commit of none writes roll-ups that are due.
      while ((await nextTurn(), this.queue.length > 0 || this.rollupsDue())) {
        const batch = this.takeBatch();
        try {
          const answers = await this.commitAndAnnounce(batch, batch.length === 0);
          batch.forEach((p, i) => p.resolve(answers[i] as IngestResponse));
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      // Owed roll-ups not yet due: written when they are, by a commit or by this timer.
      if (this.flushes.size <= 1 && this.writer.rollupsOwed?.()) {
        this.rollupTimer = setTimeout(() => this.kick(), this.writer.rollupsDueInMs?.() ?? 0);
        this.rollupTimer.unref();
      }
    }
  }

  /**
   * Commits the batch and announces its stations' new data at once, before their answers go out; a
   * station whose roll-ups the commit left owed is announced again by the commit that writes them
   * (decision 0132).
   */
  private async commitAndAnnounce(batch: Pending[], force: boolean): Promise<IngestResponse[]> {
    const before = this.announcements.begin();
    let attempt = FIRST_ATTEMPT;
    let committed: Awaited<ReturnType<IngestService['commit']>> | undefined;
    while (!committed) {
      try {
        committed = await this.commit(batch, force, attempt);
      } catch (err) {
        // A repeat met by the writer's fast insert, or a deadlock without the probes' locks: again.
        const again = nextAttempt(attempt, err);
        if (!again) throw err;
        attempt = again;
      }
    }
    const { answers, bsIds, complete } = committed;
    const announce = this.announcements.done(before, bsIds, complete);
    if (announce.length > 0) this.bus.emit('newData', { bsIds: announce });
    return answers;
  }

  private async commit(
    batch: Pending[],
    forceRollups: boolean,
    attempt: CommitAttempt,
  ): Promise<{ answers: IngestResponse[]; bsIds: string[]; complete: boolean }> {
    const heard: HeardPacket[] = batch.map((p) => ({
      bsId: p.bsId,
      receivedTs: p.receivedTs,
      probes: p.probes,
    }));
    const probeIds = new Set<string>();
    for (const h of heard) for (const id of h.probes.keys()) probeIds.add(id);

    const stationUpdates = new Map<string, StationUpdate>();
    const log: PacketLogRow[] = [];
    for (const p of batch) {
      const u = stationUpdates.get(p.bsId) ?? { bs_id: p.bsId };
      const t = p.packet.type;
      if (t === 'data' || t === 'data3') u.last_data_ts = p.receivedTs;
      if (t === 'boot') u.last_boot_ts = p.receivedTs;
      if (t === 'conf' || t === 'conf3') u.last_conf_ts = p.receivedTs;
      if (p.packet.firmware !== undefined) u.firmware = p.packet.firmware;
      if (p.packet.version !== undefined) u.version = p.packet.version;
      if (p.packet.bs_type !== undefined) u.bs_type = p.packet.bs_type;
      stationUpdates.set(p.bsId, u);
      log.push({
        bs_id: p.bsId,
        type: t,
        ts: p.receivedTs,
        bytes_up: p.bytesUp,
        bytes_down: 0,
        n_readings: p.packet.readings.length,
      });
    }

    let publish = (): void => undefined;
    let discard = (): void => undefined;
    let settled: SettledRollups | undefined;
    const result = await this.repo
      .transaction(async (trx) => {
        // A commit whose probes are all cached and settled writes no probe row: it takes none of the
        // probes' locks (decision 0065). With readings old enough to be packed, it takes their days'
        // locks instead, which keep the packing job off those days (decision 0149); beyond
        // MAX_DAY_LOCKS days, the probes' locks as before.
        const days = packableDays(batch);
        const mayBePacked = days.length > 0;
        const cached =
          probeIds.size > 0 && !attempt.lockProbes && days.length <= MAX_DAY_LOCKS
            ? this.probes.resolveCached(heard)
            : undefined;
        if (!cached) await this.repo.lockProbes(trx, probeIds);
        else if (mayBePacked) await this.repo.lockDays(trx, days);
        const directory =
          cached ?? (probeIds.size > 0 ? await this.probes.resolve(trx, this.repo, heard) : undefined);

        // The readings each packet may write, as the packets carry them (no row object per reading).
        // Refused readings are left out first, so a foreign copy of a reading never makes the owner's
        // own look like a repeat; a repeat inside the commit is the writer's duplicate.
        const refusals: (Map<string, IngestRefusal> | undefined)[] = [];
        const accepted: IngestReading[] = [];
        const packetOf: number[] = [];
        for (let i = 0; i < batch.length; i++) {
          const valid = (heard[i] as HeardPacket).probes;
          const refused = directory?.refused[i];
          const noRefusals = refused === undefined || refused.size === 0;
          for (const r of (batch[i] as Pending).packet.readings) {
            const reason = !valid.has(r.sensor_id)
              ? 'invalid_sensor_id'
              : noRefusals
                ? undefined
                : refused.get(r.sensor_id);
            if (reason) {
              const perProbe = (refusals[i] ??= new Map<string, IngestRefusal>());
              const entry = perProbe.get(r.sensor_id);
              if (entry) entry.readings += 1;
              else perProbe.set(r.sensor_id, { sensor_id: r.sensor_id, reason, readings: 1 });
              continue;
            }
            accepted.push(r);
            packetOf.push(i);
          }
        }

        // Only a commit with a reading old enough can meet a packed day (a live station never does).
        if (mayBePacked) await this.dropPacked(trx, batch, accepted, packetOf);
        const written =
          accepted.length > 0
            ? await this.writer.writeReadings(trx, batch, accepted, packetOf, attempt.repeats)
            : undefined;
        discard = () => {
          written?.discard();
          settled?.discard();
        };
        const stored = new Array<number>(batch.length).fill(0);
        const affected = new Set(stationUpdates.keys());
        let anyFresh = false;
        if (written) {
          const { fresh } = written;
          for (let j = 0; j < fresh.length; j++) {
            if (fresh[j] === 0) continue;
            anyFresh = true;
            stored[packetOf[j] as number]! += 1;
            const owner = directory?.owners.get((accepted[j] as IngestReading).sensor_id);
            if (owner) affected.add(owner.bsId);
          }
        }
        await this.writer.writeStations(trx, [...stationUpdates.values()], log);
        let fresh = 0;
        for (const n of stored) fresh += n;
        settled = await this.writer.settleRollups?.(trx, { force: forceRollups, fresh });
        const freshHub = this.fresh;
        publish = () => {
          directory?.commit();
          written?.publish();
          settled?.publish();
          if (written && anyFresh && freshHub?.heard) {
            const out: FreshReading[] = [];
            for (let j = 0; j < written.fresh.length; j++) {
              if (written.fresh[j] === 0) continue;
              const r = accepted[j] as IngestReading;
              out.push({
                sensor_id: r.sensor_id,
                meas_ts: r.meas_ts,
                temperatures: r.temperatures,
                received_ts: (batch[packetOf[j] as number] as Pending).receivedTs,
              });
            }
            freshHub.publish(out);
          }
        };

        const serverTs = this.nowS();
        const answers: IngestResponse[] = batch.map((p, i) => {
          const refused = refusals[i] ? [...refusals[i].values()] : [];
          let nRefused = 0;
          for (const r of refused) nRefused += r.readings;
          return {
            status_code: 0,
            stored: stored[i] ?? 0,
            duplicates: p.packet.readings.length - (stored[i] ?? 0) - nRefused,
            refused: nRefused,
            refusals: refused,
            server_ts: serverTs,
          };
        });
        return { answers, bsIds: anyFresh ? [...affected] : [], complete: settled?.complete ?? true };
      })
      .catch((err: unknown) => {
        discard();
        throw err;
      });
    publish();
    return result;
  }

  /**
   * Leaves out readings a packed day holds already: packing moved them out of `readings`, where the
   * writer would find them. Only readings older than the day before yesterday (of their packet's
   * arrival) can be packed (READINGS_PACK_AFTER_DAYS is at least 3), so a live station never pays for
   * the look-up.
   */
  private async dropPacked(
    trx: Transaction<Database>,
    batch: readonly Pending[],
    accepted: IngestReading[],
    packetOf: number[],
  ): Promise<void> {
    const old = accepted.filter(
      (r, j) => r.meas_ts < packableBefore((batch[packetOf[j] as number] as Pending).receivedTs),
    );
    if (old.length === 0) return;
    const packed = await this.history.packedTimes(trx, old);
    if (packed.size === 0) return;
    let k = 0;
    for (let j = 0; j < accepted.length; j++) {
      const r = accepted[j] as IngestReading;
      if (packed.has(`${r.sensor_id}|${r.meas_ts}`)) continue;
      accepted[k] = r;
      packetOf[k] = packetOf[j] as number;
      k++;
    }
    accepted.length = k;
    packetOf.length = k;
  }
}
