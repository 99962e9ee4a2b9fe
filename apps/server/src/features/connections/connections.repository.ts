import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  connectionsDb,
  type ConnectionsDb,
  type RcTestLogTable,
  type RcTestResponsesTable,
} from './connections.tables.js';

export interface ControllerRow {
  id: string;
  type: string;
  name: string | null;
  owner_user_id: number;
  username: string;
  firstname: string | null;
  lastname: string | null;
  channels: number;
  firmware: string | null;
  last_poll_ts: number | null;
  offline: number;
  offline_since_ts: number | null;
  connection: string | null;
  climate: string | null;
  created_ts: number;
}

export interface ChannelRow {
  fc_id: string;
  channel: number;
  name: string | null;
  fc_mode: string | null;
  command: number;
  is_manual: number;
  in_use: number | null;
  bs_id: string | null;
  rev: number;
  applied_rev: number | null;
  storage: string | null;
}

export type TestRow = RcTestResponsesTable & { set_by: string | null };
export type TestLogRow = Omit<RcTestLogTable, 'id'> & { id: number; by: string | null };

/** The connections feature's store: the live switches, the instances' reports, the test responses. */
export class ConnectionsRepository {
  private readonly db: ConnectionsDb;

  constructor(db: Kysely<Database>) {
    this.db = connectionsDb(db);
  }

  // --- live switches ---------------------------------------------------------------------------

  mutedUsers() {
    return this.db
      .selectFrom('live_muted_users as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('users as b', 'b.id', 'm.by_user_id')
      .select(['m.user_id', 'm.since_ts', 'u.username', 'b.username as by'])
      .orderBy('m.since_ts', 'desc')
      .execute();
  }

  async mute(userId: number, byUserId: number, nowS: number): Promise<void> {
    await this.db
      .insertInto('live_muted_users')
      .values({ user_id: userId, since_ts: nowS, by_user_id: byUserId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  async unmute(userId: number): Promise<void> {
    await this.db.deleteFrom('live_muted_users').where('user_id', '=', userId).execute();
  }

  async setting(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('live_settings')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async setSetting(name: string, value: string, byUserId: number, nowS: number): Promise<void> {
    await this.db
      .insertInto('live_settings')
      .values({ name, value, ts: nowS, by_user_id: byUserId })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value, ts: nowS, by_user_id: byUserId }))
      .execute();
  }

  async users(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'firstname', 'lastname'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  async userExists(id: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
    );
  }

  // --- instances' reports ----------------------------------------------------------------------

  async report(instance: string, startedTs: number, nowS: number, snapshot: string): Promise<void> {
    await this.db
      .insertInto('live_instances')
      .values({ instance, started_ts: startedTs, seen_ts: nowS, snapshot })
      .onConflict((oc) => oc.column('instance').doUpdateSet({ seen_ts: nowS, snapshot }))
      .execute();
  }

  /** The instances that reported since `sinceTs`; older reports are deleted on the way. */
  async instancesSince(sinceTs: number) {
    await this.db.deleteFrom('live_instances').where('seen_ts', '<', sinceTs).execute();
    return this.db.selectFrom('live_instances').selectAll().orderBy('started_ts').execute();
  }

  async forget(instance: string): Promise<void> {
    await this.db.deleteFrom('live_instances').where('instance', '=', instance).execute();
  }

  // --- fan controllers (the fans feature's tables, read only) ----------------------------------

  controllers(fcId?: string): Promise<ControllerRow[]> {
    let q = this.db
      .selectFrom('fan_controllers as c')
      .innerJoin('users as u', 'u.id', 'c.owner_user_id')
      .select([
        'c.id',
        'c.type',
        'c.name',
        'c.owner_user_id',
        'u.username',
        'u.firstname',
        'u.lastname',
        'c.channels',
        'c.firmware',
        'c.last_poll_ts',
        'c.offline',
        'c.offline_since_ts',
        'c.connection',
        'c.climate',
        'c.created_ts',
      ])
      .orderBy('c.id');
    if (fcId !== undefined) q = q.where('c.id', '=', fcId);
    return q.execute();
  }

  channels(fcId?: string): Promise<ChannelRow[]> {
    let q = this.db
      .selectFrom('fan_channels as ch')
      .leftJoin('storages as s', 's.id', 'ch.in_use')
      .select([
        'ch.fc_id',
        'ch.channel',
        'ch.name',
        'ch.fc_mode',
        'ch.command',
        'ch.is_manual',
        'ch.in_use',
        'ch.bs_id',
        'ch.rev',
        'ch.applied_rev',
        's.name as storage',
      ])
      .orderBy('ch.fc_id')
      .orderBy('ch.channel');
    if (fcId !== undefined) q = q.where('ch.fc_id', '=', fcId);
    return q.execute();
  }

  // --- test responses --------------------------------------------------------------------------

  tests(fcId?: string): Promise<TestRow[]> {
    let q = this.db
      .selectFrom('rc_test_responses as t')
      .leftJoin('users as b', 'b.id', 't.set_by_user_id')
      .selectAll('t')
      .select('b.username as set_by')
      .orderBy('t.fc_id');
    if (fcId !== undefined) q = q.where('t.fc_id', '=', fcId);
    return q.execute();
  }

  /** A controller's test response while it is switched on (the poll's question), without who set it. */
  enabledTest(fcId: string): Promise<RcTestResponsesTable | undefined> {
    return this.db
      .selectFrom('rc_test_responses')
      .selectAll()
      .where('fc_id', '=', fcId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
  }

  async saveTest(row: RcTestResponsesTable): Promise<void> {
    const { fc_id: _id, ...set } = row;
    await this.db
      .insertInto('rc_test_responses')
      .values(row)
      .onConflict((oc) => oc.column('fc_id').doUpdateSet(set))
      .execute();
  }

  async updateTest(fcId: string, patch: Partial<Omit<RcTestResponsesTable, 'fc_id'>>): Promise<void> {
    await this.db.updateTable('rc_test_responses').set(patch).where('fc_id', '=', fcId).execute();
  }

  /** A poll it answered: the first answer's time stays, the count grows. */
  async answered(fcId: string, nowS: number): Promise<void> {
    await this.db
      .updateTable('rc_test_responses')
      .set((eb) => ({
        answered_ts: eb.fn.coalesce('answered_ts', eb.val(nowS)),
        answers: eb('answers', '+', 1),
      }))
      .where('fc_id', '=', fcId)
      .execute();
  }

  async log(entry: Omit<RcTestLogTable, 'id'>): Promise<void> {
    await this.db.insertInto('rc_test_log').values(entry).execute();
  }

  logOf(fcId: string, limit: number): Promise<TestLogRow[]> {
    return this.db
      .selectFrom('rc_test_log as l')
      .leftJoin('users as b', 'b.id', 'l.by_user_id')
      .selectAll('l')
      .select('b.username as by')
      .where('l.fc_id', '=', fcId)
      .orderBy('l.ts', 'desc')
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The log keeps a quarter of a year. */
  async pruneLog(beforeTs: number): Promise<void> {
    await this.db.deleteFrom('rc_test_log').where('ts', '<', beforeTs).execute();
  }
}
