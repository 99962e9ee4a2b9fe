import type { Insertable } from 'kysely';
import { DEFAULT_SUB_USER_COUNT } from '@emberwatch/shared/contracts/account';
import type { UsersTable } from './schema.js';

/** What a new users row must be given: who it is and when it began. */
export type NewUserFields = Pick<Insertable<UsersTable>, 'username' | 'password_hash' | 'created_ts'> &
  Partial<Insertable<UsersTable>>;

/**
 * A users row as a new account has it unless the caller says otherwise: a customer's own account on
 * the Free plan, no staff level, no partner app, nothing switched on, the default users allowance —
 * one place for the table's twenty-odd columns, so every way an account is made (registration by
 * staff, sub-users, staff, Gari migration, demo seeds, benches) starts from the same defaults.
 */
export function newUserRow(fields: NewUserFields): Insertable<UsersTable> {
  return {
    firstname: null,
    lastname: null,
    email: null,
    phone: null,
    country: null,
    language: 'en',
    admin: 0,
    admin_group: null,
    master: 0,
    grand_master: 0,
    translator: 0,
    translator_locales: '[]',
    main_user_id: null,
    partner_app: null,
    plan_name: 'Free',
    plan_level: 0,
    segment: null,
    plan_due_ts: null,
    api_plan_due_ts: null,
    service_json: null,
    siteindex: 0,
    storages_enabled: 0,
    voice_call_enabled: 0,
    limit_free_data: 0,
    blocked: 0,
    demo: 0,
    sub_user_count: DEFAULT_SUB_USER_COUNT,
    data_break_s: null,
    ...fields,
  };
}
