import { z } from 'zod';
import type { UiPreferences } from './preferences.js';

export const loginRequestSchema = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export interface AccessToken {
  accessToken: string;
  /** Epoch milliseconds. */
  accessTokenExpiry: number;
}

/**
 * POST /admin/refreshToken: a fresh access token, or nulls when the request carried no session
 * cookie (no session is not an error). A cookie that no longer holds a session is still a 401.
 */
export type RefreshResponse = { status_code: 0 } & (
  AccessToken | { accessToken: null; accessTokenExpiry: null }
);

export interface LoginResponse extends AccessToken {
  status_code: 0;
  UID: number;
}

/** Spec doc 1 §3 "Session info". `status` 0 means logged in. */
export interface SessionInfo {
  status_code: 0;
  status: 0;
  UID: number;
  username: string;
  admin: boolean;
  master: boolean;
  grandMaster: boolean;
  /** For a master user: the owner accounts that authorised it. */
  accountAccess: number[];
  admin_group: number | null;
  admin_username: string | null;
  /** Accounts this session may act for (own account first). */
  users: { UID: number; username: string }[];
  bs_ids: string[];
  translator: boolean;
  newFeatureLive: boolean;
  feedQualityLive: boolean;
  limitFreeData: boolean;
  ui_preferences: UiPreferences;
  /** Partner-app kind, when the user comes from one. */
  partnerApp: 'gari' | 'haytech' | null;
  /** True for a sub-user acting under a main user's account. */
  subUser: boolean;
}

/** Every refusal or failure of the JSON API. */
export interface ApiError {
  status_code: number;
  error: string;
  path?: string;
}
