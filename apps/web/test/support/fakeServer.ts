import { vi } from 'vitest';
import type { SaveDataBreakSettingsRequest } from '@emberwatch/shared/contracts/dataBreaks';
import type { UserNews, Notification } from '@emberwatch/shared/contracts/notifications';
import {
  alertMessagingOrDefault,
  type GetAlertRecipientsResponse,
  type SetCustomAlertHoursRequest,
} from '@emberwatch/shared/contracts/storages';
import type { BasestationSummary, SensorConfiguration } from '@emberwatch/shared/contracts/baseStations';
import type { SensorData } from '@emberwatch/shared/contracts/readings';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import type { Storage, StorageInput } from '@emberwatch/shared/contracts/storages';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import { bsConf, sessionInfo, station, userInfo } from './fixtures';
import { localeTexts } from './localeTexts';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export interface FakeServerOptions {
  /** Whether the browser holds a valid refresh cookie when the app starts. */
  loggedIn?: boolean;
  /**
   * Tokens shaped as the server's JWTs, whose subject is the session's account (the app reads it to
   * pick the kept copy of that account's data, decision 0145); else plain `token-N`.
   */
  jwtTokens?: boolean;
  session?: Partial<SessionInfo>;
  user?: Partial<UserInfo>;
  stations?: BasestationSummary[];
  conf?: Record<string, SensorConfiguration[]>;
  data?: Record<string, SensorData[]>;
  /** The storages of every account the caller may see (getStorages filters by UID). */
  storages?: Storage[];
  /** Who the account's storage alerts may reach, and its voice and Sentinel rights. */
  alertRecipients?: Omit<GetAlertRecipientsResponse, 'status_code'>;
  /** The account's notifications (none by default); opening the dialog marks them read. */
  notifications?: Notification[];
  /** The product news in the user info (none by default). */
  news?: UserNews;
  /** The account's data-break delay (null: the default) and storages' overrides by itemID. */
  dataBreaks?: { delayS: number | null; storages?: Record<number, number | null> };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The server's API as the web app sees it, in memory: a refresh cookie, tokens, the JSON envelope,
 * 401 for a missing or stale bearer. Tests change its state or override one route.
 */
export function createFakeServer(options: FakeServerOptions = {}) {
  const state = {
    cookie: options.loggedIn ?? false,
    tokenSerial: 0,
    validTokens: new Set<string>(),
    session: sessionInfo(options.session),
    user: userInfo(options.user),
    stations: options.stations ?? [station('F1000001', { display_name: 'Barn' })],
    conf: options.conf ?? {},
    data: options.data ?? {},
    storages: options.storages ?? [],
    alertRecipients: options.alertRecipients ?? {
      results: [],
      voiceCallEnabled: false,
      sentinel: false,
      sentinelHealth: null,
    },
    notifications: options.notifications ?? [],
    dataBreaks: { storages: {}, ...(options.dataBreaks ?? { delayS: null }) },
    news: options.news ?? {
      news: [],
      newsUrls: [],
      popupNews: [],
      newsEmail: 'news@example.com',
      newsSeenDate: null,
    },
  };
  const calls: RecordedCall[] = [];
  const overrides = new Map<string, Handler>();
  const dataBreakSettings = () => ({
    status_code: 0,
    delayS: state.dataBreaks.delayS,
    defaultS: 4 * 3600,
    minS: 1800,
    maxS: 48 * 3600,
    storages: state.storages.map((s) => ({
      itemID: s.itemID,
      name: s.name,
      delayS: state.dataBreaks.storages[s.itemID] ?? null,
    })),
  });

  function issueToken() {
    const serial = `token-${++state.tokenSerial}`;
    const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    const accessToken = options.jwtTokens
      ? `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(state.session.UID) })}.${serial}`
      : serial;
    state.validTokens.add(accessToken);
    return { accessToken, accessTokenExpiry: Date.now() + 15 * 60_000 };
  }

  const routes: Record<string, Handler> = {
    'POST /admin/login': (c) => {
      const { username, password } = c.body as { username: string; password: string };
      if (username !== 'farmer' || password !== 'secret')
        return json({ status_code: 401, error: 'Invalid username or password' }, 401);
      state.cookie = true;
      return json({ status_code: 0, UID: state.session.UID, ...issueToken() });
    },
    // Like the server: no session cookie is an answer (nulls), not an error.
    'POST /admin/refreshToken': () =>
      state.cookie
        ? json({ status_code: 0, ...issueToken() })
        : json({ status_code: 0, accessToken: null, accessTokenExpiry: null }),
    'POST /admin/logout': () => {
      state.cookie = false;
      state.validTokens.clear();
      return json({ status_code: 0 });
    },
    'GET /auth': () => json({ status_code: 0, UID: state.session.UID }),
    'GET /client/getSessionInfo': () => json(state.session),
    'GET /client/userInfo': () => json({ status_code: 0, userinfo: { ...state.user, ...state.news } }),
    'GET /client/basestationArray': () => json({ status_code: 0, results: state.stations }),
    'GET /client/bsConf': (c) => {
      const id = c.query.get('basestationID') ?? '';
      return json(bsConf(id, { sensor_configurations: state.conf[id] ?? [] }));
    },
    'GET /client/data': (c) => {
      const id = c.query.get('basestationID') ?? '';
      return json({
        status_code: 0,
        bs_id: id,
        results: state.data[id] ?? [],
        server_ts: Math.floor(Date.now() / 1000),
      });
    },
    'GET /client/getStorages': (c) => {
      const uid = Number(c.query.get('UID') ?? state.session.UID);
      return json({ status_code: 0, results: state.storages.filter((s) => s.UID === uid) });
    },
    // Replaces (itemID) or creates the storage, like the server, without its checks.
    'POST /client/saveStorage': (c) => {
      const { UID, item } = c.body as { UID?: number; item: StorageInput };
      const itemID = item.itemID ?? Math.max(0, ...state.storages.map((s) => s.itemID)) + 1;
      const saved: Storage = {
        ...item,
        itemID,
        UID: UID ?? state.session.UID,
        undefinedLayoutType: item.layoutType === null,
        updated_ts: Math.floor(Date.now() / 1000),
      };
      state.storages = [...state.storages.filter((s) => s.itemID !== itemID), saved];
      return json({ status_code: 0, item: saved });
    },
    // Deletes the storage, like the server, without its checks.
    'POST /client/removeStorage': (c) => {
      const { itemID } = c.body as { itemID: number };
      state.storages = state.storages.filter((s) => s.itemID !== itemID);
      return json({ status_code: 0 });
    },
    // No monitors unless a test overrides it.
    'GET /client/getMonitors': () => json({ status_code: 0, results: [] }),
    'GET /client/getAlertRecipients': () => json({ status_code: 0, ...state.alertRecipients }),
    // Sets the storage's voice limit and no-call hours, like the server, without its checks.
    'POST /client/setCustomAlertHours': (c) => {
      const { itemID, noCallHours, tempLimit } = c.body as SetCustomAlertHoursRequest;
      const storage = state.storages.find((s) => s.itemID === itemID);
      if (!storage) return json({ status_code: 403, error: 'Forbidden' }, 403);
      const m = alertMessagingOrDefault(storage.alertMessaging);
      const saved = { ...storage, alertMessaging: { ...m, voice: { ...m.voice, noCallHours, tempLimit } } };
      state.storages = state.storages.map((s) => (s.itemID === itemID ? saved : s));
      return json({ status_code: 0, item: saved });
    },
    // The data-break delay (decision 0071), like the server, without its checks.
    'GET /client/getDataBreakSettings': () => json(dataBreakSettings()),
    'POST /client/saveDataBreakSettings': (c) => {
      const req = c.body as SaveDataBreakSettingsRequest;
      if (req.delayS !== undefined) state.dataBreaks.delayS = req.delayS;
      for (const s of req.storages ?? []) state.dataBreaks.storages[s.itemID] = s.delayS;
      return json(dataBreakSettings());
    },
    'GET /client/getNotifications': () =>
      json({
        status_code: 0,
        results: state.notifications,
        unread: state.notifications.filter((n) => n.unread).length,
      }),
    'POST /client/notificationsSeen': () => {
      state.notifications = state.notifications.map((n) => ({ ...n, unread: false }));
      return json({ status_code: 0 });
    },
    'GET /client/getDeliveryLog': () => json({ status_code: 0, alerts: [] }),
    // The news dialog's close (spec doc 1 §7); profile changes are the account tests' own overrides.
    'POST /client/userInfo': (c) => {
      const { newsSeenDate } = c.body as { newsSeenDate?: number };
      if (newsSeenDate !== undefined) state.news = { ...state.news, newsSeenDate };
      return json({ status_code: 0, account: null });
    },
    // Translations as the server serves them once seeded from the bundled locale files.
    'GET /client/getAnonymousTranslations': (c) => json(localeTexts(c.query.get('locale'))),
    'GET /client/getUserTranslations': (c) => json(localeTexts(c.query.get('locale'))),
    'POST /client/uiPrefs': (c) => {
      const { prefs } = c.body as { prefs: Partial<SessionInfo['ui_preferences']> };
      state.session = { ...state.session, ui_preferences: { ...state.session.ui_preferences, ...prefs } };
      return json({ status_code: 0, ui_preferences: state.session.ui_preferences });
    },
  };

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: headers.get('Authorization'),
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const override = overrides.get(key);
    if (override) return override(call);
    const needsToken =
      (call.path.startsWith('/client/') && call.path !== '/client/getAnonymousTranslations') ||
      call.path === '/auth';
    if (needsToken && !state.validTokens.has(call.authorization?.replace(/^Bearer /, '') ?? '')) {
      return json({ status_code: 401, error: 'Unauthenticated' }, 401);
    }
    const route = routes[key];
    return route ? route(call) : json({ status_code: 404, error: 'Not found' }, 404);
  });

  return {
    fetch,
    state,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    override: (key: string, handler: Handler) => overrides.set(key, handler),
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
