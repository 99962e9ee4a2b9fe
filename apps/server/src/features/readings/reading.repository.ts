import type { Kysely } from 'kysely';
import type { ProbeCorrection } from '@emberwatch/shared/contracts/probeCorrection';
import type { SensorData } from '@emberwatch/shared/contracts/readings';
import { applyCorrection, correctionTimeline } from '@emberwatch/shared/domain/applyCorrection';
import type { Database } from '../../db/schema.js';

/** A probe's stored corrections (JSON text, null when never corrected). */
export function parseCorrections(json: string | null): ProbeCorrection[] {
  return json ? (JSON.parse(json) as ProbeCorrection[]) : [];
}

export class ReadingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The latest reading of every probe configured on the station, with the probe's correction applied. */
  async latestForStation(bsId: string): Promise<SensorData[]> {
    const rows = await this.db
      .selectFrom('probes')
      .innerJoin('probe_latest', 'probe_latest.sensor_id', 'probes.sensor_id')
      .select([
        'probe_latest.sensor_id',
        'probe_latest.meas_ts',
        'probe_latest.temperature',
        'probe_latest.temps',
        'probe_latest.sensor_rssi',
        'probe_latest.bs_rssi',
        'probe_latest.batt',
        'probes.corrections',
      ])
      .where('probes.bs_id', '=', bsId)
      .orderBy('probe_latest.sensor_id')
      .execute();
    const alerting = rows.length === 0 ? new Set<string>() : await this.probesInAlert(bsId);
    return rows.map((r) => {
      const temps = JSON.parse(r.temps) as number[];
      const offset = r.corrections ? correctionTimeline(parseCorrections(r.corrections)).at(r.meas_ts) : 0;
      return {
        sensor_id: r.sensor_id,
        temperature: r.temperature + offset,
        temperatures: applyCorrection(temps, offset),
        meas_ts: r.meas_ts,
        sensor_RSSI: r.sensor_rssi,
        bs_RSSI: r.bs_rssi,
        batt_voltage: r.batt,
        alert: alerting.has(r.sensor_id),
      };
    });
  }

  /**
   * The probes with a current alert of one of the station owner's monitors (spec doc 2 §3 probe data
   * "alert"). A monitor only alerts on the probes of the storages using it, so the owner's rule
   * states name exactly the probes to mark; those of other stations are simply not asked about.
   */
  private async probesInAlert(bsId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('monitor_rule_state')
      .select('current_alerts')
      .where('owner_user_id', '=', (eb) =>
        eb.selectFrom('base_stations').select('owner_user_id').where('id', '=', bsId),
      )
      .where('current_alerts', '<>', '[]')
      .execute();
    const out = new Set<string>();
    for (const r of rows)
      for (const a of JSON.parse(r.current_alerts) as { sensor_id: string }[]) out.add(a.sensor_id);
    return out;
  }
}
