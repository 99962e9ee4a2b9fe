import {
  EXPORT_MAX_WINDOW_S,
  type ExportDataQuery,
  type ExportDataResponse,
  type ExportReading,
} from '@emberwatch/shared/contracts/export';
import { applyCorrection, correctionTimeline } from '@emberwatch/shared/domain/applyCorrection';
import { dedupePoints } from '@emberwatch/shared/domain/dedupePoints';
import { ApiError } from '../../http/ApiError.js';
import { parseCorrections } from '../readings/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { ExportReadingRow, ExportRepository } from './export.repository.js';

export type ExportAccess = Pick<AccessService, 'probesFor' | 'assertCanSeeStation'>;

/**
 * The export's readings for a caller who may see the station and every probe asked for (refused
 * alike for an unknown probe and another account's). Values are corrected as the chart shows them,
 * and a reading heard twice within 60 s (by two stations) is kept once, as on the chart.
 */
export class ExportService {
  constructor(
    private readonly repo: ExportRepository,
    private readonly access: ExportAccess,
    private readonly nowS: () => number,
  ) {}

  async exportData(actor: Actor, q: ExportDataQuery): Promise<ExportDataResponse> {
    await this.access.assertCanSeeStation(actor, q.basestationID);
    const probes = await this.access.probesFor(actor, q.sensorIDs);
    const from = q.fromTS;
    const to = q.toTS ?? this.nowS();
    if (to < from) throw ApiError.invalid('The end of the range is before its start.', 'toTS');
    // The schema checks the window against the wall clock; the service's clock decides here.
    if (to - from > EXPORT_MAX_WINDOW_S)
      throw ApiError.invalid('One export call covers at most 32 days; ask window by window.', 'fromTS');
    const rows = await this.repo.readings(
      probes.map((p) => p.sensor_id),
      from,
      to,
    );
    const byProbe = new Map<string, ExportReadingRow[]>();
    for (const r of rows) {
      const list = byProbe.get(r.sensor_id);
      if (list) list.push(r);
      else byProbe.set(r.sensor_id, [r]);
    }
    const results: ExportReading[] = [];
    for (const probe of probes) {
      const tl = correctionTimeline(parseCorrections(probe.corrections));
      for (const r of dedupePoints(byProbe.get(probe.sensor_id) ?? [], (x) => x.meas_ts)) {
        const hh = applyCorrection(JSON.parse(r.temps) as number[], tl.at(r.meas_ts));
        if (hh.length === 0) continue;
        results.push({ a: probe.sensor_id, b: r.meas_ts, h: hh[0] as number, hh });
      }
    }
    return { status_code: 0, results };
  }
}
