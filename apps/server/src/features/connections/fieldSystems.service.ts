import type { FieldSystem } from '@emberwatch/shared/contracts/connections';
import { FC_OFFLINE_AFTER_S } from '@emberwatch/shared/contracts/fans';
import {
  fieldSystemStatus,
  matchesFieldSystem,
  type FieldSystemFilter,
  type FieldSystemStatus,
} from '@emberwatch/shared/domain/fieldSystems';
import { assertOperator, type Actor } from '../../http/access/index.js';
import type { ConnectionsRepository } from './connections.repository.js';
import { groupByController, presentTest } from './rcTests.service.js';

function parsed<T>(json: string | null): Partial<T> {
  if (json === null) return {};
  try {
    return JSON.parse(json) as Partial<T>;
  } catch {
    return {};
  }
}

/**
 * The field systems of /fs (decision 0096): every fan controller of the fleet — the spec's field
 * controllers — with its channels, the storages they serve, its link, climate and test response,
 * filtered by the pure `matchesFieldSystem`. Controllers are a few thousand at fleet size, not
 * hundreds of thousands: one read of each table, filtered in memory.
 */
export class FieldSystemsService {
  constructor(
    private readonly repo: ConnectionsRepository,
    private readonly nowS: () => number,
  ) {}

  async list(
    actor: Actor,
    q: { q?: string; type?: string; status?: FieldSystemStatus; firmware?: string; inUse?: '0' | '1' },
  ): Promise<{ results: FieldSystem[]; total: number }> {
    assertOperator(actor, 'fieldSystems');
    const now = this.nowS();
    const [controllers, channels, tests] = await Promise.all([
      this.repo.controllers(),
      this.repo.channels(),
      this.repo.tests(),
    ]);
    const channelsOf = groupByController(channels);
    const testOf = new Map(tests.map((t) => [t.fc_id, t]));
    const filter: FieldSystemFilter = {
      ...(q.q !== undefined ? { q: q.q } : {}),
      ...(q.type !== undefined ? { type: q.type } : {}),
      ...(q.status !== undefined ? { status: q.status } : {}),
      ...(q.firmware !== undefined ? { firmware: q.firmware } : {}),
      ...(q.inUse !== undefined ? { inUse: q.inUse === '1' } : {}),
    };
    const results: FieldSystem[] = [];
    for (const c of controllers) {
      const mine = channelsOf.get(c.id) ?? [];
      const status = fieldSystemStatus(
        { lastPollTs: c.last_poll_ts, offline: c.offline === 1 },
        now,
        FC_OFFLINE_AFTER_S,
      );
      const ownerName = [c.firstname, c.lastname].filter(Boolean).join(' ');
      const channelsInUse = mine.filter((ch) => ch.in_use !== null).length;
      const facts = {
        id: c.id,
        name: c.name,
        type: c.type,
        owner: c.username,
        ownerName,
        firmware: c.firmware,
        status,
        channelsInUse,
      };
      if (!matchesFieldSystem(facts, filter)) continue;
      const connection = parsed<{ net: string; rssi: number }>(c.connection);
      const climate = parsed<{ temperature: number; rh: number }>(c.climate);
      const test = testOf.get(c.id);
      results.push({
        FC_ID: c.id,
        type: c.type === 'FC' ? 'FC' : 'RC',
        name: c.name,
        UID: c.owner_user_id,
        owner: c.username,
        owner_name: ownerName,
        firmware: c.firmware,
        status,
        last_poll_ts: c.last_poll_ts,
        offline_since_ts: c.offline_since_ts,
        created_ts: c.created_ts,
        net: connection.net ?? null,
        rssi: connection.rssi ?? null,
        climate_temp: climate.temperature ?? null,
        climate_rh: climate.rh ?? null,
        channels_in_use: channelsInUse,
        test_armed: test !== undefined && presentTest(test, now).state === 'armed',
        channels: mine.map((ch) => ({
          channel: ch.channel,
          name: ch.name,
          fc_mode: ch.fc_mode,
          command: ch.command,
          is_manual: ch.is_manual === 1,
          in_use: ch.in_use,
          storage: ch.storage,
          bs_id: ch.bs_id,
          applied: ch.applied_rev === ch.rev,
        })),
      });
    }
    return { results, total: controllers.length };
  }
}
