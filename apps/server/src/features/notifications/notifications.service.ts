import {
  NEWS_ICONS,
  NOTIFICATION_TYPES,
  type UserNews,
  type GetNotificationsResponse,
  type NewsIcon,
  type NotificationProps,
  type NotificationType,
} from '@emberwatch/shared/contracts/notifications';
import { alertMessagingOff, type AlertMessaging } from '@emberwatch/shared/contracts/storages';
import type { EffectiveDataBreakDelays } from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import { canSeeAlertSettings } from '@emberwatch/shared/domain/settingsVisibility';
import { receivesNews } from '@emberwatch/shared/domain/notifications/newsRules';
import { inAudience, type Audience } from '@emberwatch/shared/domain/broadcasts/audience';
import { campaignLive } from '@emberwatch/shared/domain/broadcasts/campaignRules';
import {
  dataBreakDrafts,
  finishNotifications,
  generalAlertDrafts,
  noAlertsDrafts,
  reminderDrafts,
  STORED_NOTIFICATION_S,
  storageAlertDrafts,
  unreadCount,
  type NotificationDraft,
  type ProbeData,
  type StorageAlerts,
} from '@emberwatch/shared/domain/notifications/notificationRules';
import type { PreferencesService } from '../preferences/index.js';
import { presentPlans, presentService, type UserRow } from '../users/index.js';
import { changeRightsOf, enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { mayMarkNewsSeen } from './notifications.policy.js';
import type { NewsCampaignRow, NotificationRepository } from './notifications.repository.js';
import { NEWS_EMAIL } from './newsSeed.js';
import type { StorageAlertMemory } from './storageAlertMemory.js';

const parse = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * Notifications and news (decision 0047). Whoever may see an account reads its notifications; what
 * each reads follows the shared rules (finishNotifications). Conditions are computed from the store
 * at each call — station and probe times, the monitors' current alerts, preferences, plan and SIM
 * dates — so nothing can drift from what the other pages show; the tables add only memories (an
 * alert that has ended, a posted notice, when a condition was first seen, when the user last looked).
 */
export class NotificationService {
  constructor(
    private readonly repo: NotificationRepository,
    private readonly access: AccessService,
    private readonly preferences: Pick<PreferencesService, 'get'>,
    private readonly nowS: () => number,
    private readonly breakDelaysOf: (ownerId: number) => Promise<EffectiveDataBreakDelays>,
  ) {}

  async list(actor: Actor, uid: number | undefined): Promise<Omit<GetNotificationsResponse, 'status_code'>> {
    // A sub-user's own row is not the account: the main user's holds its plan, service and stations.
    const { account: owner } = await this.access.accountScope(actor, uid);
    const viewer = { ...changeRightsOf(actor), partnerApp: owner.partner_app !== null };
    if (viewer.partnerApp) return { results: [], unread: 0 };
    const now = this.nowS();
    const drafts = await this.drafts(owner, now);
    const { seen_ts } = await this.repo.reader(actor.user.id);
    const results = finishNotifications(drafts, viewer, seen_ts);
    return { results, unread: unreadCount(results) };
  }

  /** POST notificationsSeen: only for an account the caller may see; the look is the caller's own. */
  async markSeen(actor: Actor, uid: number | undefined): Promise<void> {
    await this.access.targetAccount(actor, uid);
    await this.repo.markSeen(actor.user.id, this.nowS());
  }

  private async drafts(owner: UserRow, now: number): Promise<NotificationDraft[]> {
    const ownerId = owner.id;
    const [stationRows, storageRows, storageProbes, alertRows, storedRows, prefs, breakDelays] =
      await Promise.all([
        this.repo.stations(ownerId),
        this.repo.storages(ownerId),
        this.repo.storageProbes(ownerId),
        this.repo.currentAlerts(ownerId),
        this.repo.stored(ownerId, now - STORED_NOTIFICATION_S),
        this.preferences.get(ownerId),
        this.breakDelaysOf(ownerId),
      ]);
    const probeRows = await this.repo.probes(stationRows.map((s) => s.id));
    const stations = stationRows.map((s) => ({
      id: s.id,
      name: s.display_name,
      lastDataTs: s.last_data_ts === null ? null : Number(s.last_data_ts),
      simExpTs: s.sim_exp_ts === null ? null : Number(s.sim_exp_ts),
      // The owner's delay for this station (decision 0071); a station added since: the default.
      breakDelayS: breakDelays.stations.get(s.id),
    }));
    const probes: ProbeData[] = probeRows.map((p) => ({
      sensorId: p.sensor_id,
      bsId: p.bs_id,
      lastTs: p.meas_ts === null ? null : Number(p.meas_ts),
      temps: parse<(number | null)[]>(p.temps, []),
      breakDelayS: breakDelays.probes.get(p.sensor_id),
    }));

    // The storages' current alerts: each monitor's, on the probes of the storages that use it.
    const alertsByMonitor = new Map<number, StorageAlerts['alerts'][number][]>();
    for (const r of alertRows)
      alertsByMonitor.set(r.monitor_id, [
        ...(alertsByMonitor.get(r.monitor_id) ?? []),
        ...parse<StorageAlerts['alerts'][number][]>(r.current_alerts, []),
      ]);
    const probesOf = new Map<number, Set<string>>();
    for (const p of storageProbes)
      probesOf.set(p.storage_id, (probesOf.get(p.storage_id) ?? new Set()).add(p.sensor_id));
    const current: StorageAlerts[] = storageRows.map((s) => ({
      itemID: s.id,
      name: s.name,
      bs: s.bs_id,
      alerts:
        s.monitor_id === null
          ? []
          : (alertsByMonitor.get(s.monitor_id) ?? []).filter((a) => probesOf.get(s.id)?.has(a.sensor_id)),
    }));
    const storageIds = new Set(storageRows.map((s) => s.id));
    const ended = storedRows
      .filter((r) => r.kind === 'storageMax' && storageIds.has(Number(r.subject)))
      .map((r) => {
        const m = parse<Partial<StorageAlertMemory>>(r.params, {});
        const storage = storageRows.find((s) => s.id === Number(r.subject));
        return {
          itemID: Number(r.subject),
          name: storage?.name ?? m.name ?? '',
          bs: storage?.bs_id ?? m.bs ?? '',
          lastRaisedTs: r.updated_ts,
          maxTemp: m.maxTemp ?? null,
          probeIDs: m.probeIDs ?? [],
          count: r.count,
        };
      });

    const coverage = storageRows.map((s) => ({
      itemID: s.id,
      name: s.name,
      bs: s.bs_id,
      probeCount: probesOf.get(s.id)?.size ?? 0,
      hasMonitor: s.monitor_id !== null,
      anyChannel: !alertMessagingOff(parse<AlertMessaging | null>(s.alert_messaging, null)),
    }));

    const plans = presentPlans(owner, now);
    const service = presentService(owner);
    const generalAlerts = canSeeAlertSettings({ plans, service });
    // Conditions with no time of their own are dated by when they were first seen.
    const firstSeenIds: string[] = [];
    const pending = (subject: string, type: NotificationType) => {
      firstSeenIds.push(`${type}:${subject}`);
      return now;
    };
    const general = generalAlerts
      ? generalAlertDrafts(probes, prefs, now, (s) => pending(s, 'globalAlert'))
      : [];
    const noAlerts = noAlertsDrafts(coverage, (s) => pending(s, 'noAlerts'));
    const firstSeen = await this.repo.conditions(ownerId, firstSeenIds, now);
    for (const d of [...general, ...noAlerts]) d.since = firstSeen.get(`${d.type}:${d.subject}`) ?? d.since;

    const plan = plans[0];
    const drafts: NotificationDraft[] = [
      ...dataBreakDrafts(stations, probes, now),
      ...general,
      ...storageAlertDrafts(current, ended, now),
      ...noAlerts,
      ...reminderDrafts(
        {
          plan: plan ? { planName: plan.planName, dueDate: plan.dueDate } : null,
          service: service ? { trial: service.trial, expDate: service.expDate } : null,
          stations,
          // Spec doc 1 §3 api_plan.due (migration 0037); null: no API plan, no API reminders.
          apiDue: owner.api_plan_due_ts,
        },
        now,
      ),
    ];
    // Notices other features posted (notify), shown a day after they were last raised.
    for (const r of storedRows) {
      if (r.kind === 'storageMax' || !(NOTIFICATION_TYPES as readonly string[]).includes(r.kind)) continue;
      drafts.push({
        type: r.kind as NotificationType,
        subject: `posted:${r.subject}`,
        bs: null,
        since: r.updated_ts,
        // The poster's own count (messages sent before the cap) wins; else how often it was raised.
        props: { count: r.count, ...parse<NotificationProps>(r.params, {}) },
      });
    }
    return drafts;
  }

  /** GET getNews: the items in the caller's language (English when it has none); masters have none. */
  async news(actor: Actor): Promise<UserNews> {
    const { news_seen_ts } = await this.repo.reader(actor.user.id);
    const empty = {
      news: [],
      newsUrls: [],
      popupNews: [],
      newsEmail: NEWS_EMAIL,
      newsSeenDate: news_seen_ts,
    };
    if (!receivesNews({ master: actor.user.master === 1 })) return empty;
    const language = (await this.preferences.get(actor.user.id)).language;
    const rows = await this.visibleNews(actor, language);
    const news = rows.map((r) => {
      const texts = parse<Record<string, { title: string; text: string }>>(r.texts, {});
      const t = texts[language] ?? texts.en ?? { title: '', text: '' };
      return {
        id: r.id,
        date: r.published_ts,
        title: t.title,
        text: t.text,
        icon: ((NEWS_ICONS as readonly string[]).includes(r.icon) ? r.icon : 'info') as NewsIcon,
        link: r.link,
      };
    });
    return {
      news,
      newsUrls: news.map((n) => n.link),
      popupNews: rows.filter((r) => r.popup === 1).map((r) => r.id),
      newsEmail: NEWS_EMAIL,
      newsSeenDate: news_seen_ts,
    };
  }

  /**
   * The items showing now to the caller (decision 0100): within their schedule, and for a customer
   * only those whose audience takes in the account (plan, segment, country, partner app) and the user
   * (language, contacts). Staff see every item showing now: they check what customers are shown.
   */
  private async visibleNews(actor: Actor, language: string): Promise<NewsCampaignRow[]> {
    const now = this.nowS();
    const rows = (await this.repo.news()).filter((r) => campaignLive(r, now));
    if (actor.isAdmin || rows.every((r) => r.audience === null)) return rows;
    const facts = await this.repo.audienceFacts(actor.user.id, actor.accountId);
    if (!facts) return [];
    const user = {
      admin: false,
      master: false,
      subUser: false,
      planLevel: facts.plan_level,
      segment: facts.segment,
      country: facts.country,
      language,
      partnerApp: facts.partner_app,
      phone: facts.phone,
      email: facts.email,
    };
    return rows.filter((r) => r.audience === null || inAudience(user, parse<Audience>(r.audience, {})));
  }

  /**
   * POST newsSeen (spec doc 1 §7 "newsSeenDate sent when the news dialog closes, non-admin only"; §6
   * admins' news is not marked seen, masters have none). A date in the future is held at now.
   */
  async newsSeen(actor: Actor, date: number): Promise<void> {
    enforce(mayMarkNewsSeen(whoAmI(actor)));
    await this.repo.markNewsSeen(actor.user.id, Math.min(date, this.nowS()));
  }
}
