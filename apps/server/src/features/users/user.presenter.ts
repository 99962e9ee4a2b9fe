import type { BsListEntry } from '@emberwatch/shared/contracts/baseStations';
import type { UserNews } from '@emberwatch/shared/contracts/notifications';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import {
  PLAN_NAMES,
  type Plan,
  type PlanName,
  type Service,
  type UserInfo,
} from '@emberwatch/shared/contracts/users';
import type { UserRow } from './user.repository.js';

/** What leaves the server about a user: never the password hash, never a token. */
export function presentPlans(user: UserRow, nowS: number): Plan[] {
  const planName: PlanName = (PLAN_NAMES as readonly string[]).includes(user.plan_name)
    ? (user.plan_name as PlanName)
    : 'Free';
  return [
    {
      planName,
      planLevel: user.plan_level,
      segment: user.segment,
      dueDate: user.plan_due_ts,
      expired: user.plan_due_ts !== null && user.plan_due_ts < nowS,
    },
  ];
}

export function presentService(user: UserRow): Service | null {
  if (!user.service_json) return null;
  try {
    const s = JSON.parse(user.service_json) as Partial<Service>;
    return {
      plan: s.plan ?? 2,
      trial: s.trial ?? 0,
      started: s.started ?? null,
      period: s.period ?? null,
      expDate: s.expDate ?? null,
      surveyCompleted: s.surveyCompleted ?? false,
      renewed: s.renewed ?? null,
      nextPayment: s.nextPayment ?? null,
      oldPlans: s.oldPlans ?? [],
    };
  } catch {
    return null;
  }
}

export function presentPartnerApp(user: UserRow): 'gari' | 'haytech' | null {
  return user.partner_app === 'gari' || user.partner_app === 'haytech' ? user.partner_app : null;
}

export interface UserInfoInput {
  user: UserRow;
  /** The account the data belongs to (main user for a sub-user). */
  account: UserRow;
  bsList: BsListEntry[];
  /** The account's fan controllers' ids. */
  fcIds: string[];
  subUsers: UserRow[];
  masterAuthorizations: {
    id: number;
    master_user_id: number;
    authorized: number;
    username: string;
    firstname: string | null;
    lastname: string | null;
  }[];
  nowS: number;
  /** The caller's news (spec doc 1 §3), whoever's info this is. */
  news: UserNews;
}

export function presentUserInfo(i: UserInfoInput): UserInfo {
  const { user, account } = i;
  return {
    U_ID: user.id,
    UID: user.id,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    country: user.country,
    language: user.language,
    demo: user.demo === 1,
    bs_BS_IDs: i.bsList.map((b) => b.bsId),
    bs_list: i.bsList,
    FC_IDs: i.fcIds,
    plans: presentPlans(account, i.nowS),
    service: presentService(account),
    api_plan: account.api_plan_due_ts !== null ? { due: account.api_plan_due_ts } : null,
    blocked: user.blocked === 1,
    translator: user.translator === 1,
    storagesEnabled: account.storages_enabled === 1,
    siteindex: account.siteindex === 1,
    voiceCallEnabled: account.voice_call_enabled === 1,
    masterAuthorizations: i.masterAuthorizations.map((m) => ({
      UID: m.master_user_id,
      id: m.id,
      authorized: m.authorized === 1,
      // The company (lastname) first: a master account is an adviser's or a co-operative's.
      name: m.lastname || [m.firstname].filter(Boolean).join(' ') || m.username,
    })),
    subUsers: i.subUsers.map((s) => ({
      U_ID: s.id,
      name: [s.firstname, s.lastname].filter(Boolean).join(' ') || s.username,
      // A sub-user without a login has a placeholder name (decision 0036), never shown.
      username: s.username.startsWith('_') ? null : s.username,
    })),
    subUserCount: account.sub_user_count,
    ...i.news,
  };
}

export interface SessionInfoInput {
  user: UserRow;
  accounts: UserRow[];
  bsIds: string[];
  prefs: UiPreferences;
}

export function presentSessionInfo(i: SessionInfoInput): SessionInfo {
  const { user } = i;
  return {
    status_code: 0,
    status: 0,
    UID: user.id,
    username: user.username,
    admin: user.admin === 1,
    master: user.master === 1,
    grandMaster: user.grand_master === 1,
    accountAccess: user.master === 1 ? i.accounts.filter((a) => a.id !== user.id).map((a) => a.id) : [],
    admin_group: user.admin === 1 ? user.admin_group : null,
    admin_username: user.admin === 1 ? user.username : null,
    users: i.accounts.map((a) => ({ UID: a.id, username: a.username })),
    bs_ids: i.bsIds,
    translator: user.translator === 1,
    newFeatureLive: false,
    feedQualityLive: false,
    limitFreeData: user.limit_free_data === 1,
    ui_preferences: i.prefs,
    partnerApp: presentPartnerApp(user),
    subUser: user.main_user_id !== null,
  };
}
