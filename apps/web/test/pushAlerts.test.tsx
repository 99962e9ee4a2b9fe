import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { TestPushAlertResponse } from '@emberwatch/shared/contracts/alertChannels';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { outboxTestResult } from '../src/features/alert-channels/outboxTestResult';
import { PushAlertsSection } from '../src/features/push';
import { applicationServerKey, deviceLabel, madeWithKey } from '../src/features/push/pushDevice';
import { i18n } from '../src/i18n/i18n';
import { ApiClientProvider } from '../src/lib/ApiClientContext';
import { ApiRequestError } from '../src/lib/ApiRequestError';
import { createFakeServer } from './support/fakeServer';
import { sensorConf } from './support/fixtures';
import { renderPage } from './support/renderPage';
import { renderWithProviders } from './support/renderWithProviders';

// A VAPID public key: 65 bytes, an uncompressed P-256 point.
const SERVER_KEY = 'BHh1Lwq4wSJ1kN1kM2A0bD3wEu7Jx8s3cQ4wWmY0xH3T0ZlVXo2v0qW7k5Rk1oQxI8sH9m3YtZp7Gk2aXcVb4mQ';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';
const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => { endpoint: string; expirationTime: null; keys: typeof KEYS };
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
}

function subscriptionFor(key: string): FakeSubscription {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: applicationServerKey(key).buffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
}

/**
 * The browser's push machinery as jsdom lacks it: Notification (permission and the prompt's answer),
 * navigator.serviceWorker with one registration and its PushManager, and the user agent.
 */
function fakeBrowser(o: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscription?: FakeSubscription | null;
  userAgent?: string;
  push?: boolean;
}) {
  let current = o.subscription ?? null;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn((options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      current = subscriptionFor(SERVER_KEY);
      void options;
      return Promise.resolve(current);
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(() => Promise.resolve(registration)),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(() => Promise.resolve(o.subscription === undefined ? undefined : registration)),
  };
  const notification = {
    permission: o.permission ?? 'default',
    requestPermission: vi.fn(() => {
      notification.permission = o.answer ?? 'granted';
      return Promise.resolve(notification.permission);
    }),
  };
  if (o.push !== false) {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', notification);
  }
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: o.userAgent ?? ANDROID_CHROME });
  return { pushManager, serviceWorker, notification };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
});

/** An answer, or a function giving it (or throwing the call's error). */
type Answer = unknown;

/** An API client answering the push calls; each call is recorded with its input. */
function fakeApi(answers: Record<string, Answer> = {}) {
  const defaults: Record<string, Answer> = {
    '/client/getPushKey': { status_code: 0, publicKey: SERVER_KEY },
    '/client/getPushStatus': { status_code: 0, subscribed: true, devices: 1 },
    '/client/subscribePush': { status_code: 0, subscribed: true, devices: 1 },
    '/client/unsubscribePush': { status_code: 0, removed: true, shared: false },
    '/client/testPush': { status_code: 0, sent: 2, failed: 0, removed: 0 },
  };
  const calls: { path: string; input: unknown }[] = [];
  const client = {
    call: vi.fn((endpoint: { path: string }, input?: unknown) => {
      calls.push({ path: endpoint.path, input });
      const a = answers[endpoint.path] ?? defaults[endpoint.path];
      try {
        const value = typeof a === 'function' ? (a as () => unknown)() : a;
        return Promise.resolve(value);
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    }),
  };
  return { client, calls, paths: () => calls.map((c) => c.path) };
}

function renderSection(api: ReturnType<typeof fakeApi>) {
  return renderWithProviders(
    <ApiClientProvider client={api.client as never}>
      <PushAlertsSection />
    </ApiClientProvider>,
  );
}

const theSwitch = () => screen.getByRole('switch', { name: 'Alerts on this device' });
const section = () => within(screen.getByTestId('settings-push'));

describe('the "Alerts on this device" switch (decision 0048)', () => {
  it('says so in a browser without push, and cannot be switched', async () => {
    fakeBrowser({ push: false });
    const api = fakeApi();
    renderSection(api);
    await section().findByText(/This browser cannot show notifications from Emberwatch/);
    expect((theSwitch() as HTMLInputElement).disabled).toBe(true);
    expect(api.calls).toEqual([]);
  });

  it('tells iPhone users to add the app to the Home Screen first', async () => {
    fakeBrowser({ push: false, userAgent: IPHONE_SAFARI });
    renderSection(fakeApi());
    await section().findByText(/add Emberwatch to the Home Screen/);
  });

  it('explains how to allow notifications the user has blocked', async () => {
    fakeBrowser({ permission: 'denied' });
    const api = fakeApi();
    renderSection(api);
    await section().findByText('Notifications from Emberwatch are blocked in this browser.');
    section().getByText(/open the site settings .* set Notifications to Allow, then reload this page/);
    expect((theSwitch() as HTMLInputElement).disabled).toBe(true);
    expect(api.calls).toEqual([]);
  });

  it('turns alerts on: asks permission, registers the worker, subscribes with the server key, tells the server', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const api = fakeApi();
    const { user } = renderSection(api);
    await section().findByText('Alerts do not show on this device.');
    expect((theSwitch() as HTMLInputElement).checked).toBe(false);
    expect(section().queryByRole('button', { name: 'Send a test' })).toBeNull();

    await user.click(theSwitch());
    await section().findByText('Alerts show on this device.');
    expect((theSwitch() as HTMLInputElement).checked).toBe(true);
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    // The test runs as a development build: the dev server's worker, a module (decision 0128).
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/dev-sw.js?dev-sw', {
      scope: '/',
      updateViaCache: 'none',
      type: 'module',
    });
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...Buffer.from(SERVER_KEY, 'base64url')]);
    expect(api.calls.find((c) => c.path === '/client/subscribePush')?.input).toEqual({
      subscription: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS },
      label: 'Chrome on Android',
    });
    section().getByRole('button', { name: 'Send a test' });
  });

  it('stays off when the user dismisses the prompt, and is denied when the user blocks it', async () => {
    fakeBrowser({ permission: 'default', answer: 'default' });
    const api = fakeApi();
    const { user } = renderSection(api);
    await section().findByText('Alerts do not show on this device.');
    await user.click(theSwitch());
    await section().findByText('Notifications were not allowed. Turn the switch on to be asked again.');
    expect((theSwitch() as HTMLInputElement).checked).toBe(false);
    expect(api.paths()).not.toContain('/client/subscribePush');
  });

  it('shows the blocked state when the user blocks the prompt', async () => {
    fakeBrowser({ permission: 'default', answer: 'denied' });
    const { user } = renderSection(fakeApi());
    await section().findByText('Alerts do not show on this device.');
    await user.click(theSwitch());
    await section().findByText('Notifications from Emberwatch are blocked in this browser.');
    expect((theSwitch() as HTMLInputElement).disabled).toBe(true);
  });

  it('is on when this browser’s subscription is the user’s, sends a test, and turns off', async () => {
    const subscription = subscriptionFor(SERVER_KEY);
    fakeBrowser({ permission: 'granted', subscription });
    let testAnswer: () => unknown = () => ({ status_code: 0, sent: 2, failed: 0, removed: 0 });
    const api = fakeApi({ '/client/testPush': () => testAnswer() });
    const { user } = renderSection(api);
    await section().findByText('Alerts show on this device.');
    expect(api.calls[0]).toEqual({ path: '/client/getPushStatus', input: { endpoint: ENDPOINT } });
    expect((theSwitch() as HTMLInputElement).checked).toBe(true);

    await user.click(section().getByRole('button', { name: 'Send a test' }));
    await section().findByText('Test sent to your devices (2). It shows in a few seconds.');
    expect(api.calls.find((c) => c.path === '/client/testPush')?.input).toEqual({});

    testAnswer = () => ({ status_code: 0, sent: 1, failed: 1, removed: 0 });
    await user.click(section().getByRole('button', { name: 'Send a test' }));
    await section().findByText('Devices reached: 1. Not reached: 1.');

    testAnswer = () => {
      throw new ApiRequestError('http', 429, 429, 'Wait 10 s between test notifications.');
    };
    await user.click(section().getByRole('button', { name: 'Send a test' }));
    await section().findByText('Wait a few seconds before the next test.');

    await user.click(theSwitch());
    await section().findByText('Alerts do not show on this device.');
    expect(api.calls.find((c) => c.path === '/client/unsubscribePush')?.input).toEqual({
      endpoint: ENDPOINT,
    });
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(section().queryByRole('button', { name: 'Send a test' })).toBeNull();
  });

  it('sends the test the Alert channels page gives it: through the outbox, not the direct call', async () => {
    fakeBrowser({ permission: 'granted', subscription: subscriptionFor(SERVER_KEY) });
    const api = fakeApi({
      '/client/testPushAlert': {
        status_code: 0,
        messageId: 12,
        status: 'failed',
        error: 'push.example: HTTP 400',
      },
    });
    const t = i18n.t.bind(i18n) as TFunction;
    const { user } = renderWithProviders(
      <ApiClientProvider client={api.client as never}>
        <PushAlertsSection
          sendTest={async () =>
            outboxTestResult(
              t,
              (await api.client.call(endpoints.alertChannels.testPushAlert, {})) as TestPushAlertResponse,
            )
          }
        />
      </ApiClientProvider>,
    );
    await section().findByText('Alerts show on this device.');
    await user.click(section().getByRole('button', { name: 'Send a test' }));
    await section().findByText('The test alert could not be delivered: push.example: HTTP 400');
    expect(api.paths()).toEqual(['/client/getPushStatus', '/client/testPushAlert']);
    expect(outboxTestResult(t, { status_code: 0, messageId: 1, status: 'sent', error: null })).toEqual({
      ok: true,
      text: 'Test alert sent to your devices through the alert outbox. It shows in a few seconds.',
    });
    expect(
      outboxTestResult(t, { status_code: 0, messageId: 1, status: 'pending', error: 'HTTP 503' }),
    ).toEqual({
      ok: false,
      text: 'The test alert is not delivered yet; it is retried like an alert.',
    });
  });

  it('keeps the browser’s subscription when another user of this browser still gets alerts through it', async () => {
    const subscription = subscriptionFor(SERVER_KEY);
    fakeBrowser({ permission: 'granted', subscription });
    const api = fakeApi({ '/client/unsubscribePush': { status_code: 0, removed: true, shared: true } });
    const { user } = renderSection(api);
    await section().findByText('Alerts show on this device.');
    await user.click(theSwitch());
    await section().findByText('Alerts do not show on this device.');
    expect(api.paths()).toContain('/client/unsubscribePush');
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('is off when this browser’s subscription belongs to another user of the browser', async () => {
    fakeBrowser({ permission: 'granted', subscription: subscriptionFor(SERVER_KEY) });
    const api = fakeApi({ '/client/getPushStatus': { status_code: 0, subscribed: false, devices: 0 } });
    renderSection(api);
    await section().findByText('Alerts do not show on this device.');
    expect((theSwitch() as HTMLInputElement).checked).toBe(false);
  });

  it('replaces a subscription made for another server key', async () => {
    const old = subscriptionFor(
      'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    const browser = fakeBrowser({ permission: 'granted', subscription: old });
    const api = fakeApi({ '/client/getPushStatus': { status_code: 0, subscribed: false, devices: 0 } });
    const { user } = renderSection(api);
    await section().findByText('Alerts do not show on this device.');
    await user.click(theSwitch());
    await section().findByText('Alerts show on this device.');
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('says the server could not be reached when turning on fails offline', async () => {
    fakeBrowser({ permission: 'granted' });
    const api = fakeApi({
      '/client/getPushKey': () => {
        throw new ApiRequestError('network', 0, 0, null);
      },
    });
    const { user } = renderSection(api);
    await section().findByText('Alerts do not show on this device.');
    await user.click(theSwitch());
    await section().findByText('The server could not be reached. Try again.');
    expect((theSwitch() as HTMLInputElement).checked).toBe(false);
  });
});

describe('the push helpers', () => {
  it.each([
    [ANDROID_CHROME, 'Chrome on Android'],
    [IPHONE_SAFARI, 'Safari on iPhone'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['curl/8.0', 'Browser'],
  ])('names %s "%s"', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });

  it('compares a subscription’s key with the server’s', () => {
    const key = applicationServerKey(SERVER_KEY);
    expect(key).toHaveLength(65);
    expect(madeWithKey(key.buffer, key)).toBe(true);
    expect(madeWithKey(new Uint8Array(65).buffer, key)).toBe(false);
    expect(madeWithKey(null, key)).toBe(false);
  });
});

describe('the settings page', () => {
  beforeAll(async () => {
    await import('../src/features/settings/SettingsPage');
  });

  it('has the "Alerts on this device" section on the Preferences tab', async () => {
    const premium: Plan = { planName: 'Premium', planLevel: 2, segment: null, dueDate: null, expired: false };
    renderPage(
      '/settings/preferences',
      createFakeServer({
        loggedIn: true,
        user: { plans: [premium] },
        conf: { F1000001: [sensorConf('H1', 'Stack')] },
      }),
    );
    const found = await screen.findByTestId('settings-push');
    within(found).getByRole('heading', { name: 'Alerts on this device' });
    // jsdom has no service worker: the browser is said to lack push.
    await within(found).findByText(/This browser cannot show notifications/);
  });
});
