import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * `monitor_rule_state.version`: a random tag that changes with every write of the row, whoever
 * writes it. The evaluator keeps each rule's parsed state in memory between passes and trusts it
 * only while the row still carries the version it last read or wrote (docs/decisions/0033, addendum
 * "State kept in memory"). Writers need not know: a trigger draws a new tag for any insert or update
 * that does not set one itself, so a reset, an acknowledgement or a monitor save made elsewhere (or
 * by another server instance) always invalidates the copy. Random, not a counter: a row deleted and
 * inserted again must not come back with a version a stale copy still holds.
 */
export function ruleStateVersionMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') {
        await sql`alter table monitor_rule_state add column version bigint not null default 0`.execute(db);
        await sql`
          create function monitor_rule_state_version() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' and new.version = 0 or tg_op = 'UPDATE' and new.version = old.version then
              new.version := floor(random() * 9007199254740990)::bigint + 1;
            end if;
            return new;
          end $$`.execute(db);
        await sql`
          create trigger monitor_rule_state_version before insert or update on monitor_rule_state
          for each row execute function monitor_rule_state_version()`.execute(db);
        await sql`update monitor_rule_state set version = 0`.execute(db);
        return;
      }
      await sql`alter table monitor_rule_state add column version integer not null default 0`.execute(db);
      // SQLite cannot change NEW in a trigger: the tag is set by a second update of the same row.
      for (const [event, when] of [
        ['insert', 'new.version = 0'],
        ['update', 'new.version = old.version'],
      ] as const)
        await sql
          .raw(
            `create trigger monitor_rule_state_version_${event} after ${event} on monitor_rule_state
             for each row when ${when}
             begin
               update monitor_rule_state set version = (abs(random()) % 9007199254740990) + 1
               where owner_user_id = new.owner_user_id and monitor_id = new.monitor_id and rule_id = new.rule_id;
             end`,
          )
          .execute(db);
      await sql`update monitor_rule_state set version = 0`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') {
        await sql`drop trigger monitor_rule_state_version on monitor_rule_state`.execute(db);
        await sql`drop function monitor_rule_state_version()`.execute(db);
      } else {
        await sql`drop trigger monitor_rule_state_version_insert`.execute(db);
        await sql`drop trigger monitor_rule_state_version_update`.execute(db);
      }
      await sql`alter table monitor_rule_state drop column version`.execute(db);
    },
  };
}
