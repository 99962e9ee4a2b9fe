import type { BsListEntry } from './baseStations.js';

/** Spec doc 1 §9 plan names; doc 1 §1 plan levels 2 = hay, 3 = old premium, 4 = grain/waste. */
export const PLAN_NAMES = [
  'Free',
  'INSIGHT',
  'Premium',
  'Supervisor',
  'Grain Supervisor',
  'Periskop',
  'Laundry',
] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  planName: PlanName;
  planLevel: number;
  segment: number | null;
  /** Epoch seconds. */
  dueDate: number | null;
  expired: boolean;
}

export interface Service {
  plan: number;
  trial: number;
  started: number | null;
  period: number | null;
  expDate: number | null;
  surveyCompleted: boolean;
}

/** Spec doc 1 §3 "User info" (the fields this product has so far). */
export interface UserInfo {
  U_ID: number;
  UID: number;
  username: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  language: string;
  demo: boolean;
  bs_BS_IDs: string[];
  bs_list: BsListEntry[];
  plans: Plan[];
  service: Service | null;
  blocked: boolean;
  translator: boolean;
  storagesEnabled: boolean;
  siteindex: boolean;
  voiceCallEnabled: boolean;
  masterAuthorizations: { UID: number; id: number; authorized: boolean }[];
  subUsers: { U_ID: number; name: string; username: string | null }[];
  subUserCount: number;
}

export interface UserInfoResponse {
  status_code: 0;
  userinfo: UserInfo;
}
