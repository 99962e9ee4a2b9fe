import type { RecipientHealth } from '@emberwatch/shared/contracts/delivery';
import type { NotificationProps } from '@emberwatch/shared/contracts/notifications';
import type { StorageAlertMessaging } from '@emberwatch/shared/contracts/storages';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AlertEffectsRecorder } from '../monitors/index.js';
import type { PreferencesService } from '../preferences/index.js';
import type { ServerTextCatalog } from '../translations/index.js';
import type { AccessService } from '../../http/access/index.js';
import { AckLinks } from './ackLinks.js';
import { ChannelAcks, type AcknowledgeFor } from './channelAcks.js';
import type { ChannelAdapter } from './channels/ChannelAdapter.js';
import { EmailChannel } from './channels/emailChannel.js';
import { StandInPlay } from './channels/standInPlay.js';
import { TwilioChannel } from './channels/twilioChannel.js';
import { DataBreakRepository } from './dataBreak.repository.js';
import { DataBreakWatch, type EffectiveDelaysOf } from './dataBreakWatch.js';
import { DeliveryRepository } from './delivery.repository.js';
import { DeliveryGroupRepository } from './deliveryGroup.repository.js';
import type { DeliveryMessageStatus } from './delivery.tables.js';
import { deliveryRoutes } from './delivery.routes.js';
import { FakeProviderTools } from './fakeProviderTools.js';
import { DeliveryService } from './delivery.service.js';
import { DeliveryFailures } from './deliveryFailures.js';
import { DeliveryFailuresRepository } from './deliveryFailures.repository.js';
import { DeliveryPlanner, type AlertStatusOf } from './deliveryPlanner.js';
import { DeliveryPump } from './deliveryPump.js';
import { DeliveryWorker, workerLimitsOf } from './deliveryWorker.js';
import { RecipientHealthRepository } from './recipientHealth.repository.js';

export type { ChannelAdapter, OutgoingMessage, SendOutcome } from './channels/ChannelAdapter.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** How often the outbox is looked at for retries, repeats and messages another instance wrote. */
export const DELIVERY_TICK_MS = 2_000;
/** How often the data-break watch looks for silent stations and probes (its delays are 30 min or more). */
export const DATA_BREAK_TICK_MS = 60_000;

/**
 * Alert delivery (issue 12, decision 0045): an outbox written with the alert, a planner that words
 * each step for each recipient, workers that send through the channels (SMTP e-mail, Twilio-shaped
 * SMS and voice, and the channels other features register: Sentinel, web push), and the ways back in
 * (SMS "OK", a key in a call, the e-mail's link). The providers are configured (SMTP_URL, TWILIO_*);
 * `npm start`, `npm run dev` and the tests start local stand-ins outside the server and configure
 * those (decision 0086). A channel without a provider sends nothing: its messages fail, saying so.
 */
/** A message for one person: a code, a username, a broadcast's text. */
interface OneMessage {
  userId: number | null;
  to: string;
  text: string;
  channel?: 'sms' | 'email';
  subject?: string;
}

export function deliveryFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    preferences: PreferencesService;
    onAlertEffects: (recorder: AlertEffectsRecorder) => void;
    alertStatus: AlertStatusOf;
    acknowledgeFor: AcknowledgeFor;
    alertMessagingOf: (ownerId: number, storageId: number) => Promise<StorageAlertMessaging | null>;
    sentinelTargetOf: (ownerId: number) => Promise<{ siteID: string; url: string } | null>;
    /** Which of these users have web push on a device; none without the push feature. */
    pushUsersOf?: (userIds: number[]) => Promise<Set<number>>;
    /** Channels other features provide (Sentinel, web push). */
    channels: ChannelAdapter[];
    /** Tells an account's owner that a day's SMS or voice allowance is used up. */
    capReached: (ownerId: number, channel: 'sms' | 'voice', cap: number) => Promise<void>;
    /** Each account's resolved data-break delays (the data-breaks feature's); without it, the spec's 4 h. */
    effectiveDataBreakDelays?: EffectiveDelaysOf;
    /** Tells an account's owner in the app that messages to a recipient fail for good (decision 0070). */
    deliveryFailed: (ownerId: number, props: NotificationProps, subject: string) => Promise<void>;
    /** The server's texts every message is worded with (the translations feature's; decision 0107). */
    serverTexts: Pick<ServerTextCatalog, 'texts'>;
  },
) {
  const config = kernel.config.delivery;
  const repo = new DeliveryRepository(kernel.store.db, kernel.store.engine);
  const groups = new DeliveryGroupRepository(repo);
  // Made at start: the key is read from (or first written to) the store (decision 0068).
  let ackLinks: AckLinks | undefined;
  const links = (): AckLinks => {
    if (!ackLinks) throw new Error('delivery: acknowledgement links used before the feature started');
    return ackLinks;
  };
  const adapters: Partial<Record<AlertChannel, ChannelAdapter>> = {};
  for (const c of deps.channels) adapters[c.channel] = c;
  let email: EmailChannel | undefined;
  // The admin's play calls (a phone's reply, a key in a call) exist only at the SMS stand-in.
  const play = config.twilio && config.standIns.sms ? new StandInPlay(config.twilio) : undefined;
  let log: (msg: string, extra?: object) => void = () => undefined;

  const planner = new DeliveryPlanner({
    repo,
    groups,
    config,
    ackLinks: {
      link: (alertId, userId) => links().link(alertId, userId),
      pushToken: (groupId, userId) => links().pushToken(groupId, userId),
    },
    messagingOf: deps.alertMessagingOf,
    unitOf: async (userId) => (await deps.preferences.get(userId)).degrees,
    languageOf: (userId) => deps.preferences.chosenLanguage(userId),
    alertStatus: deps.alertStatus,
    sentinelTargetOf: deps.sentinelTargetOf,
    pushUsersOf: deps.pushUsersOf ?? (() => Promise.resolve(new Set<number>())),
    texts: () => deps.serverTexts.texts(),
    onCapReached: (ownerId, channel) => {
      const c = channel === 'voice' ? 'voice' : 'sms';
      const cap = c === 'voice' ? config.voiceDailyCap : config.smsDailyCap;
      deps.capReached(ownerId, c, cap).catch((err: unknown) => log('cap notice failed', { err }));
    },
    nowS: kernel.nowS,
  });
  const worker = new DeliveryWorker(
    repo,
    () => adapters,
    kernel.nowS,
    config.retryBaseS,
    workerLimitsOf(config),
    (err) => log('delivery failed', { err }),
  );
  const health = new RecipientHealthRepository(kernel.store.db);
  const failures = new DeliveryFailures({
    repo: new DeliveryFailuresRepository(kernel.store.db),
    health,
    notify: deps.deliveryFailed,
    languageOf: (userId) => deps.preferences.chosenLanguage(userId),
    publicUrl: config.publicUrl,
    callerNumbers: config.callerNumbers,
    texts: () => deps.serverTexts.texts(),
    nowS: kernel.nowS,
    log: (msg, extra) => log(msg, extra),
  });
  const pump = new DeliveryPump(planner, worker, (err) => log('delivery failed', { err }));
  // A failure notice is a message of its own: the pump goes round again to send it.
  worker.onFailedForGood = async (m) => {
    await failures.onFailedForGood(m);
    void pump.kick();
  };
  const watch = new DataBreakWatch(
    new DataBreakRepository(repo),
    deps.effectiveDataBreakDelays ?? (() => Promise.resolve({ stations: new Map(), probes: new Map() })),
    kernel.nowS,
  );
  // Alerts raised now are grouped at once (one kick for a burst of evaluations); the group's first
  // messages go when its gathering ends.
  let pendingKick: NodeJS.Timeout | null = null;
  const kickSoon = () => {
    if (!pendingKick)
      pendingKick = setTimeout(() => {
        pendingKick = null;
        void pump.kick();
      }, 50).unref();
    if (config.groupWaitS > 0) setTimeout(() => void pump.kick(), config.groupWaitS * 1000 + 50).unref();
  };
  const acks = new ChannelAcks(repo, groups, deps.acknowledgeFor, kernel.nowS, () =>
    deps.serverTexts.texts(),
  );
  const service = new DeliveryService(
    repo,
    health,
    deps.access,
    kernel.nowS,
    () => ({ email: config.standIns.smtp ? 'local' : 'smtp', sms: config.standIns.sms ? 'fake' : 'twilio' }),
    {
      openGroupsOf: (ownerId, bsId) => groups.openDataBreakGroups(ownerId, bsId),
      acknowledge: (groupId, byUserId) => acks.ackGroup(groupId, byUserId, 'web'),
    },
  );

  // The alert's delivery is recorded in the transaction that raises or ends it; sending starts once
  // that transaction has committed (the next tick picks it up if this kick comes too early).
  deps.onAlertEffects(async (trx, source, effects, nowS) => {
    if (await repo.recordEffects(trx, source, effects, nowS)) kickSoon();
  });

  /** One message for one person through the outbox, sent by the worker; answers the outbox row's id. */
  const sendMessage = async (m: OneMessage): Promise<number> => {
    const id = await repo.insertCodeMessage(m, config.callerNumbers, kernel.nowS());
    void pump.kick();
    return id;
  };
  return defineFeature({
    name: 'delivery',
    start: async () => {
      ackLinks = await AckLinks.start({
        store: repo,
        secret: config.ackLinkSecret,
        publicUrl: config.publicUrl,
        nowS: kernel.nowS,
      });
      // One process owns a SQLite store: claims left by a killed predecessor need not run out first.
      if (kernel.store.engine === 'sqlite') await repo.releaseClaims(kernel.nowS());
      if (config.smtpUrl) {
        email = new EmailChannel(config.smtpUrl, config.mailFrom, config.concurrency.email);
        adapters.email = email;
      }
      if (config.twilio) {
        adapters.sms = new TwilioChannel('sms', { ...config.twilio, publicUrl: config.publicUrl });
        adapters.voice = new TwilioChannel('voice', { ...config.twilio, publicUrl: config.publicUrl });
      }
    },
    stop: async () => {
      await pump.idle();
      email?.close();
    },
    routes: (app) => {
      log = (msg, extra) => app.log.warn(extra ?? {}, msg);
      if (!config.smtpUrl)
        app.log.warn('SMTP_URL is not set: alert e-mails are not sent (npm start runs a local stand-in)');
      if (!config.twilio)
        app.log.warn(
          'TWILIO_ACCOUNT_SID is not set: no SMS is sent and no call made (npm start runs a local stand-in)',
        );
      return deliveryRoutes({
        authenticate: deps.authenticate,
        service,
        acks,
        ackLinks: links,
        languageOf: async (userId) => (await repo.owner(userId))?.language ?? 'en',
        texts: () => deps.serverTexts.texts(),
        publicUrl: config.publicUrl,
        providerToken: () => config.twilio?.authToken,
        fakeTools: new FakeProviderTools(play, repo, config.publicUrl),
      })(app);
    },
    jobs: [
      { name: 'delivery.outbox', everyMs: DELIVERY_TICK_MS, run: () => pump.kick() },
      {
        name: 'delivery.dataBreaks',
        everyMs: DATA_BREAK_TICK_MS,
        run: async () => {
          if (await watch.runOnce()) kickSoon();
        },
      },
    ],
    exports: {
      /** Runs the outbox until nothing is due (tests and the harness; the job does it otherwise). */
      pump: async () => {
        // This run does what a kick still waiting would do: none is left to start after it returns.
        if (pendingKick) clearTimeout(pendingKick);
        pendingKick = null;
        await pump.idle();
        await pump.kick();
        await pump.idle();
      },
      acks,
      /** Looks for silent stations and probes once (tests; the job does it every minute otherwise). */
      watchDataBreaks: () => watch.runOnce(),
      /**
       * The recipients of an account whose messages fail for good now (decision 0070), per channel and
       * address, derived from the outbox: the storages feature shows them beside each person.
       */
      recipientHealthOf: (accountId: number): Promise<RecipientHealth[]> => health.ofAccount(accountId),
      /**
       * A test message to one user through the outbox and the channel's adapter (the Alert channels
       * page's web-push test, decision 0072): written, sent by the pump, and answered with its outcome
       * once the worker has one or `waitS` has passed (then `pending`: it is retried like an alert's).
       */
      /** How many test messages of a channel an account was sent since a time (the voice test's daily cap). */
      testMessagesSince: (ownerId: number, channel: 'push' | 'voice', sinceS: number): Promise<number> =>
        repo.testMessagesSince(ownerId, channel, sinceS),
      sendTest: async (
        m: Parameters<DeliveryRepository['insertTestMessage']>[0],
        waitS: number,
      ): Promise<{ id: number; status: DeliveryMessageStatus; error: string | null }> => {
        const id = await repo.insertTestMessage(m, config.callerNumbers, kernel.nowS());
        const until = Date.now() + waitS * 1000;
        for (;;) {
          // The pump sends every due message, not only this one: wait for it at most until `until`.
          const left = until - Date.now();
          // A real timer between looks: the sends run beside this loop (decision 0069), and a loop of
          // promises alone would never let their sockets be read.
          if (left > 0) {
            void pump.kick();
            await sleep(Math.min(left, 50));
          }
          const row = await repo.messageOutcome(id);
          const status = row?.status ?? 'failed';
          // Pending after a try: the worker scheduled a retry, which this call does not wait for.
          const tried = status === 'pending' && (row?.attempts ?? 0) > 0;
          if ((status !== 'pending' && status !== 'sending') || tried || left <= 0)
            return { id, status, error: row?.last_error ?? null };
        }
      },
      /**
       * A code (or username) for a person's phone, from the account feature: an SMS (or e-mail)
       * through the same outbox, retried like an alert's; its text is blanked once sent (the code must
       * not stay readable).
       */
      sendCode: async (m: OneMessage): Promise<void> => {
        await sendMessage(m);
      },
      /** One message for one person (a broadcast's) through the outbox: its outbox row's id. */
      sendMessage,
    },
  });
}
