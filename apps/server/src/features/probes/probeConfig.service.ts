import {
  RECEIVING_TIME_DEFAULT,
  type SensorConfigurationChange,
} from '@emberwatch/shared/contracts/probeConfig';
import type { ProbeCorrection } from '@emberwatch/shared/contracts/probeCorrection';
import { currentCorrection } from '@emberwatch/shared/domain/applyCorrection';
import { ApiError } from '../../http/ApiError.js';
import type { EventBus } from '../../realtime/EventBus.js';
import type { BaseStationRepository, BaseStationRow, ProbeWithStation } from '../base-stations/index.js';
import { parseCorrections } from '../readings/index.js';
import { enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { mayChangeProbeProperty, mayTransferBetween, transfersAnywhere } from './probes.policy.js';
import type { ProbeRepository, ProbeUpdate } from './probe.repository.js';

/** Aux probes (spec doc 2 §3) cannot be renamed; none are stored yet, so no probe is one. */
function isAuxProbe(_probe: ProbeWithStation): boolean {
  return false;
}

function notOnStation(sensorId: string, bsId: string): ApiError {
  return ApiError.invalid(`Probe ${sensorId} is not on base station ${bsId}.`, 'sensor_id');
}

/**
 * Probe properties, enabling/disabling and transfers, and the station's display name and time zone.
 * Every method checks the whole request first and writes only when all of it is allowed, so a refused
 * call changes nothing.
 */
export class ProbeConfigService {
  constructor(
    private readonly repo: ProbeRepository,
    private readonly stations: BaseStationRepository,
    private readonly access: AccessService,
    private readonly bus: EventBus,
    private readonly nowS: () => number,
  ) {}

  private async visibleStation(actor: Actor, bsId: string): Promise<BaseStationRow> {
    const bs = await this.stations.findById(bsId);
    if (!bs || !this.access.canSeeAccount(actor, bs.owner_user_id)) throw ApiError.forbidden();
    return bs;
  }

  /** POST /client/sensorConf (spec doc 2 §4 "Probe properties", §5 limits). */
  async saveSensorConf(actor: Actor, bsId: string, changes: SensorConfigurationChange[]): Promise<void> {
    const bs = await this.visibleStation(actor, bsId);
    const ids = changes.map((c) => c.sensor_id_sys);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice) throw ApiError.invalid(`Probe ${twice} appears twice.`, 'sensorConfigurations');
    const probes = await this.access.probesFor(actor, ids);
    const who = whoAmI(actor);

    const updates: { sensorId: string; set: ProbeUpdate }[] = [];
    changes.forEach((c, i) => {
      const probe = probes[i] as ProbeWithStation;
      // The configuration travels through the station that owns the probe or the one whose radio hears it.
      if (probe.bs_id !== bs.id && probe.real_bs !== bs.id) throw notOnStation(probe.sensor_id, bs.id);
      const facts = { aux: isAuxProbe(probe), firmware: bs.firmware };
      const set: ProbeUpdate = {};

      if (c.sensor_name !== undefined) {
        const name = c.sensor_name === null || c.sensor_name === '' ? null : c.sensor_name;
        if (name !== probe.sensor_name) {
          this.access.assertMayChange(actor, 'renameProbe');
          enforce(mayChangeProbeProperty(who, 'rename', facts));
          set.sensor_name = name;
        }
      }

      if (c.correction !== undefined) {
        const factor = Math.round(c.correction * 10) / 10;
        const list = parseCorrections(probe.corrections);
        // Spec doc 2 §4: an unchanged correction factor is not saved.
        if (Math.abs(factor - currentCorrection(list)) > 1e-9) {
          // A correction changes what every viewer of the probe sees: the owner's (or staff's) call.
          this.access.assertMayChange(actor, 'correctProbe');
          const entry: ProbeCorrection = { date: this.nowS(), factor, user: actor.user.username };
          set.corrections = JSON.stringify([...list, entry]);
        }
      }

      if (c.measurement_interval !== undefined) {
        enforce(mayChangeProbeProperty(who, 'measurementInterval', facts));
        // Minutes in, seconds stored; 0 removes the setting.
        set.measurement_interval = c.measurement_interval === 0 ? null : c.measurement_interval * 60;
      }

      if (c.receiving_time !== undefined) {
        enforce(mayChangeProbeProperty(who, 'receivingTime', facts));
        // The default (3) removes the setting.
        set.receiving_time = c.receiving_time === RECEIVING_TIME_DEFAULT ? null : c.receiving_time;
      }
      updates.push({ sensorId: probe.sensor_id, set });
    });

    await this.repo.transaction(async (trx) => {
      for (const u of updates) await this.repo.update(trx, u.sensorId, u.set);
    });
    // Corrections change what /client/data shows: tell the station's viewers to reload.
    const corrected = updates.filter((u) => u.set.corrections !== undefined);
    if (corrected.length > 0) {
      const owners = [...new Set(probes.map((p) => p.bs_id))].sort();
      this.bus.emit('newData', { bsIds: owners });
    }
  }

  /** POST /client/toggleSensors: every probe must be on the station. */
  async toggle(actor: Actor, bsId: string, sensorIds: string[], disabled: boolean): Promise<void> {
    this.access.assertMayChange(actor, 'toggleProbes');
    const bs = await this.visibleStation(actor, bsId);
    const on = new Set((await this.stations.listProbes(bs.id)).map((p) => p.sensor_id));
    const stranger = sensorIds.find((id) => !on.has(id));
    if (stranger) throw notOnStation(stranger, bs.id);
    await this.repo.setDisabled(bs.id, sensorIds, disabled);
  }

  /**
   * POST /client/transferSensors. Admins move probes to any activated station; anyone else only
   * between two stations of one account they may see (spec doc 2 §6: an ordinary user needs more
   * than one station), so probes never change hands between customers without an admin.
   */
  async transfer(actor: Actor, fromBsId: string, toBsId: string, sensorIds: string[]): Promise<number> {
    this.access.assertMayChange(actor, 'transferProbes');
    if (fromBsId === toBsId)
      throw ApiError.invalid('Choose another base station to transfer the probes to.', 'selectedBS');
    const from = await this.visibleStation(actor, fromBsId);
    let to: BaseStationRow;
    if (transfersAnywhere(whoAmI(actor))) {
      const target = await this.stations.findById(toBsId);
      if (!target) throw ApiError.invalid(`There is no base station ${toBsId}.`, 'selectedBS');
      if (target.activation_ts === null)
        throw ApiError.invalid(`Base station ${toBsId} is not activated.`, 'selectedBS');
      to = target;
    } else {
      to = await this.visibleStation(actor, toBsId);
      const ownStations = await this.stations.listByOwners([from.owner_user_id]);
      enforce(
        mayTransferBetween({
          stationsOfAccount: ownStations.length,
          sameAccount: to.owner_user_id === from.owner_user_id,
        }),
      );
    }
    const on = new Set((await this.stations.listProbes(from.id)).map((p) => p.sensor_id));
    const stranger = sensorIds.find((id) => !on.has(id));
    if (stranger) throw notOnStation(stranger, from.id);

    const moved = await this.repo.transfer(from.id, to.id, [...new Set(sensorIds)]);
    // The ingest path caches each probe's owner, on every instance; it must read the new one.
    this.bus.emit('probesMoved', { sensorIds });
    this.bus.emit('newData', { bsIds: [from.id, to.id].sort() });
    return moved;
  }

  /** POST /client/updateBsDisplayName: empty clears the name (the id shows instead). */
  async setDisplayName(actor: Actor, bsId: string, displayName: string): Promise<void> {
    const bs = await this.visibleStation(actor, bsId);
    this.access.assertMayChange(actor, 'editStation');
    await this.stations.updateSettings(bs.id, { display_name: displayName === '' ? null : displayName });
  }

  /** POST /client/setBsTimezone: an IANA zone, stored in its canonical spelling. */
  async setTimezone(actor: Actor, bsId: string, timezone: string): Promise<string> {
    const bs = await this.visibleStation(actor, bsId);
    this.access.assertMayChange(actor, 'editStation');
    let canonical: string;
    try {
      canonical = new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone;
    } catch {
      throw ApiError.invalid(
        `Unknown time zone "${timezone}"; use an IANA name such as Europe/Helsinki.`,
        'timezone',
      );
    }
    await this.stations.updateSettings(bs.id, { timezone: canonical });
    return canonical;
  }
}
