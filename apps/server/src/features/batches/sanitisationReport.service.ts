import type { ProbeReplacement, SanitisationReportResult } from '@emberwatch/shared/contracts/batches';
import { coldestPoint, hottestPoint } from '@emberwatch/shared/domain/batches/coldestPoint';
import type { ProgressReading } from '@emberwatch/shared/domain/batches/phaseProgress';
import { judgeSanitisation, type SpotSeries } from '@emberwatch/shared/domain/batches/sanitisationReport';
import type {
  CompostMethod,
  SanitisationStandard,
} from '@emberwatch/shared/domain/batches/sanitisationStandards';
import type { Actor } from '../../http/access/index.js';
import type { BatchRepository, BatchRow } from './batch.repository.js';
import type { BatchService } from './batch.service.js';
import {
  correctedReadings,
  membershipOf,
  parseJson,
  replacementsOf,
  type ReadingSource,
} from './batchProgress.js';

const DAY_S = 86_400;

/**
 * The measuring spots of a batch: each probe in the pile now, joined with the probes it replaced
 * (their readings before the swap, its own after), so a swap neither loses the record nor lets one
 * probe's good days stand in for another spot.
 */
export function spotChains(probes: readonly string[], replacements: readonly ProbeReplacement[]): string[][] {
  const byTo = new Map<string, ProbeReplacement>();
  for (const r of replacements) byTo.set(r.to, r);
  return probes.map((p) => {
    const chain = [p];
    const seen = new Set(chain);
    let r = byTo.get(p);
    while (r && !seen.has(r.from)) {
      chain.unshift(r.from);
      seen.add(r.from);
      r = byTo.get(r.from);
    }
    return chain;
  });
}

/**
 * The sanitisation report of a batch (decision 0050): its readings from the first phase's start (or
 * its creation) to its completion (or now), each probe with its correction, judged by the pure rule.
 */
export class SanitisationReports {
  constructor(
    private readonly repo: BatchRepository,
    private readonly batches: BatchService,
    private readonly readings: ReadingSource,
    private readonly nowS: () => number,
  ) {}

  async forCaller(
    actor: Actor,
    uid: number | undefined,
    batchId: number,
    standard: SanitisationStandard | undefined,
  ): Promise<{ report: SanitisationReportResult; batch: BatchRow }> {
    const batch = await this.batches.visible(actor, uid, batchId);
    return { report: await this.of(batch, standard ?? (batch.standard as SanitisationStandard)), batch };
  }

  /** The report's PDF needs the station's name and time zone too: the station of a batch the caller sees. */
  async forPdf(
    actor: Actor,
    uid: number | undefined,
    batchId: number,
    standard: SanitisationStandard | undefined,
  ): Promise<{
    report: SanitisationReportResult;
    batch: BatchRow;
    station: { name: string | null; timezone: string | null } | undefined;
  }> {
    const found = await this.forCaller(actor, uid, batchId, standard);
    return { ...found, station: await this.repo.station(found.batch.bs_id) };
  }

  async of(batch: BatchRow, standard: SanitisationStandard): Promise<SanitisationReportResult> {
    const now = this.nowS();
    const [phases, turnings] = await Promise.all([
      this.repo.phases([batch.id]),
      this.repo.turnings([batch.id]),
    ]);
    const from = phases.find((p) => p.start_ts !== null)?.start_ts ?? batch.created_ts;
    const to = Math.min(batch.completed_ts ?? now, now);
    const replacements = replacementsOf(phases);
    const members = membershipOf(parseJson<string[]>(batch.probes, []), replacements);
    const chains = spotChains(parseJson<string[]>(batch.probes, []), replacements);
    const readings = await correctedReadings(this.repo, this.readings, [...members.keys()], from, to);

    const spots: SpotSeries[] = chains.map((chain) => {
      const series: ProgressReading[] = [];
      for (const id of chain) {
        const m = members.get(id) ?? { from: -Infinity, to: Infinity };
        for (const r of readings.get(id) ?? []) if (r.ts >= m.from && r.ts <= m.to) series.push(r);
      }
      series.sort((a, b) => a.ts - b.ts);
      return { sensor_id: chain.join('→'), readings: series, replaced: chain.length > 1 };
    });

    const turningTimes = turnings.map((t) => t.ts);
    const outcome = judgeSanitisation({
      standard,
      method: batch.method as CompostMethod,
      spots,
      turnings: turningTimes,
    });

    // Per UTC day: the coldest and the hottest point any probe of the pile read.
    const days = new Map<number, { minTemp: number; maxTemp: number }>();
    for (const s of spots)
      for (const r of s.readings) {
        const lo = coldestPoint(r.temps);
        const hi = hottestPoint(r.temps);
        if (lo === null || hi === null) continue;
        const day = r.ts - (r.ts % DAY_S);
        const d = days.get(day);
        if (!d) days.set(day, { minTemp: lo, maxTemp: hi });
        else {
          d.minTemp = Math.min(d.minTemp, lo);
          d.maxTemp = Math.max(d.maxTemp, hi);
        }
      }

    return {
      batch_id: batch.id,
      batch_name: batch.name,
      BS_ID: batch.bs_id,
      standard,
      method: batch.method as CompostMethod,
      verdict: outcome.verdict,
      requirements: outcome.requirements,
      probes: outcome.probes,
      turnings: turningTimes,
      daily: [...days].sort(([a], [b]) => a - b).map(([day, d]) => ({ day, ...d })),
      notes: outcome.notes,
      from: outcome.from,
      to: outcome.to,
      generated_ts: now,
    };
  }
}
